import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { startPaymentProvider, startPlatform, startSite, stop } from "../../scripts/processes.mjs";
import { inVitestWorker, templateRoot } from "./template-root";

/**
 * Test workers run side by side, each starting stacks. A port the system hands out (listen on 0)
 * is free only until it is closed again: a platform seeding its sports catalogue binds its port
 * seconds later, and a stack of another worker could be given the same port meanwhile and answer
 * in its place. So each worker takes ports from a block of its own, below the system's ephemeral
 * range, and skips the ones something already holds. The block also depends on the test run (the
 * runner's process id), so two runs at once rarely share blocks; a port held already is skipped.
 */
const PORT_BASE = 20_000;
const PORTS_PER_WORKER = 25;
const SLOTS = 20;
const RUNS = 24;
/** Vitest's workers take slots 1–9, Playwright's 10–19 (the two may run at once), anything else 0. */
const workerSlot =
  process.env.VITEST_POOL_ID !== undefined
    ? Number(process.env.VITEST_POOL_ID) % 10
    : process.env.TEST_PARALLEL_INDEX !== undefined
      ? 10 + (Number(process.env.TEST_PARALLEL_INDEX) % 10)
      : 0;
const blockStart = PORT_BASE + ((process.ppid % RUNS) * SLOTS + workerSlot) * PORTS_PER_WORKER;
let nextPort = 0;

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** A free TCP port on loopback, from this worker's own block. */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < PORTS_PER_WORKER; tries++) {
    const port = blockStart + (nextPort++ % PORTS_PER_WORKER);
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port in ${blockStart}–${blockStart + PORTS_PER_WORKER - 1} (worker slot ${workerSlot})`);
}

/** STACK_LOGS=1 lets a test's platform and site print their logs (debugging a failing test). */
const QUIET = process.env.STACK_LOGS !== "1";

export type DbKind = "pglite" | "postgres";

/** The databases integration tests run on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const databases: DbKind[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

/** A fresh, empty database for one platform: a temporary PGlite folder or a PostgreSQL schema. */
export function freshDatabase(kind: DbKind): { env: Record<string, string>; drop(): Promise<void> } {
  if (kind === "postgres") {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error("TEST_DATABASE_URL is not set");
    const schema = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    return {
      env: { DATABASE_URL: url, DATABASE_SCHEMA: schema },
      async drop() {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(`drop schema if exists "${schema}" cascade`);
        await client.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), "platform-"));
  return {
    env: { PLATFORM_DATA_DIR: dir },
    async drop() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * What a new platform writes into an empty database at its first start (migrations, then the
 * demo seed: settings, rules, users with their password hashes, the sports catalogue) depends on
 * these variables alone; a PGlite folder seeded with the same values is the same database.
 */
const SEED_VARIABLES = ["NODE_ENV", "PLATFORM_SEED", "SPORTS_SEED", "SPORTS_SIM_SEED", "PLATFORM_NOW", "SPORTS_SHIFT_WEEKS"] as const;
const templates = new Map<string, Promise<string>>();
// A process that ends by itself (the e2e stack's, a bench's) removes its templates; the
// integration run removes its workers' in its global teardown (templates-teardown.ts).
process.once("exit", () => {
  if (!inVitestWorker) rmSync(templateRoot(), { recursive: true, force: true });
});

/**
 * A fresh PGlite database copied from a template this test process migrated and seeded once for
 * the same seed variables (a platform started on it, then stopped): a stack starts in about half
 * the time (1.5 s instead of 3.9 s without sports, 2.7 s instead of 6.6 s with them, measured side
 * by side on the shared two-core machine), and the folder is a database the platform made itself.
 */
async function pgliteFromTemplate(platformEnv: Record<string, string>): Promise<ReturnType<typeof freshDatabase>> {
  const key = JSON.stringify(SEED_VARIABLES.map((name) => platformEnv[name] ?? process.env[name] ?? null));
  let template = templates.get(key);
  if (!template) {
    template = (async () => {
      mkdirSync(templateRoot(), { recursive: true });
      const dir = mkdtempSync(join(templateRoot(), "platform-"));
      const child = await startPlatform({ port: await freePort(), env: { PAYMENT_PROVIDER_SECRET: TEST_PAYMENT_PROVIDER_SECRET, PAYMENT_PROVIDER_URL: NO_PAYMENT_PROVIDER, ...platformEnv, PLATFORM_DATA_DIR: dir }, quiet: QUIET });
      await stop(child);
      return dir;
    })();
    templates.set(key, template);
    // A template that failed is made again by the next stack rather than failing every one.
    template.catch(() => templates.delete(key));
  }
  const from = await template;
  const database = freshDatabase("pglite");
  cpSync(from, database.env.PLATFORM_DATA_DIR!, { recursive: true });
  return database;
}

type Child = Awaited<ReturnType<typeof startPlatform>>;

/**
 * The payment provider secret of every test platform and provider (not the dev default, so a
 * production platform a test starts has its own); tests sign forged and replayed callbacks with it.
 */
export const TEST_PAYMENT_PROVIDER_SECRET = "test-payment-provider-secret-0123456789abcdef";

/**
 * Where a platform without a provider of its own sends payments: a port nothing listens on (the
 * discard port), so its payments fail as "provider unavailable" and never reach a developer's
 * provider on the default port.
 */
const NO_PAYMENT_PROVIDER = "http://127.0.0.1:9";

/** One line of a program's structured log (common/json-log.ts). */
export type LogLine = { event?: string; level?: string } & Record<string, unknown>;

function parseLog(lines: readonly string[]): LogLine[] {
  const out: LogLine[] = [];
  for (const line of lines) {
    if (!line.startsWith("{")) continue;
    try {
      out.push(JSON.parse(line) as LogLine);
    } catch {
      // a line that only looks like JSON (a message the program printed itself)
    }
  }
  return out;
}

export interface Stack {
  siteUrl: string;
  platformUrl: string;
  db: DbKind;
  /** The temporary PGlite folder (deleted by stop), or null on PostgreSQL. */
  dataDir: string | null;
  /** The fake payment provider's URL (its test controls on), or null when the stack has none (`payments`). */
  providerUrl: string | null;
  /** The platform's process id (benches count its CPU), or null while it is stopped. */
  readonly platformPid: number | null;
  /**
   * Stops the platform (the site keeps running): SIGTERM, so it shuts down in order, or with
   * `crash` SIGKILL, as a crash or an out-of-memory kill ends it (issue 37).
   */
  stopPlatform(options?: { crash?: boolean }): Promise<void>;
  /** Starts the platform again on the same port and database; resolves once its /ready answers 200. */
  startPlatform(): Promise<void>;
  /** The site's structured log lines so far (its last 5,000 lines of output), oldest first. */
  siteLog(): LogLine[];
  stop(): Promise<void>;
}

export interface StackOptions {
  db?: DbKind;
  site?: boolean;
  /** Seed the sports catalogue and run the live simulator (seconds of start-up; only where a test needs sports). */
  sports?: boolean;
  /** Start a fake payment provider with its test controls on and point the platform at it (issue 34). */
  payments?: boolean;
  /** The provider's port (the shared e2e stack's is fixed); a free one by default. */
  providerPort?: number;
  sitePort?: number;
  platformPort?: number;
  siteEnv?: Record<string, string>;
  /**
   * Reuse the guards' redirect and block answers for a second, as production does (decision
   * 048). Off by default: tests edit rules on the platform and inject faults, and expect the
   * very next page to see them; the cache has tests of its own.
   */
  guardCache?: boolean;
  /** Flags for the site's node process (the peer bench's --cpu-prof). */
  siteNodeArgs?: string[];
  /** Flags for the platform's node process (a bench's --cpu-prof). */
  platformNodeArgs?: string[];
  platformEnv?: Record<string, string>;
  /** Run once the platform is up, before the site starts (the shared e2e stack pauses its simulator). */
  beforeSite?: (platformUrl: string) => Promise<void>;
  /**
   * An empty database that the platform migrates and seeds at its start, for a test of that
   * start itself; by default a PGlite stack starts from a copy of a template seeded alike.
   */
  emptyDatabase?: boolean;
}

/** Starts a platform on a fresh database and, unless `site: false`, the built site against it. */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const db = options.db ?? "pglite";
  const seedEnv = { NODE_ENV: "test", PLATFORM_TEST_HOOKS: "1", SPORTS_SEED: options.sports ? "on" : "off", ...options.platformEnv };
  const database = db === "pglite" && !options.emptyDatabase ? await pgliteFromTemplate(seedEnv) : freshDatabase(db);
  const [platformPort, sitePort] = await Promise.all([options.platformPort ?? freePort(), options.sitePort ?? freePort()]);
  const providerPort = options.payments ? (options.providerPort ?? (await freePort())) : null;
  const providerUrl = providerPort === null ? null : `http://127.0.0.1:${providerPort}`;
  const platformEnv = {
    ...database.env,
    PAYMENT_PROVIDER_SECRET: TEST_PAYMENT_PROVIDER_SECRET,
    PAYMENT_PROVIDER_URL: providerUrl ?? NO_PAYMENT_PROVIDER,
    ...seedEnv,
  };
  let platform: Child | undefined;
  let site: (Child & { log?: string[] }) | undefined;
  let provider: Child | undefined;
  const platformUrl = `http://127.0.0.1:${platformPort}`;
  try {
    if (providerPort !== null) {
      provider = await startPaymentProvider({
        port: providerPort,
        quiet: QUIET,
        env: { NODE_ENV: "test", PAYMENT_PROVIDER_TEST_CONTROLS: "1", PAYMENT_PROVIDER_SECRET: TEST_PAYMENT_PROVIDER_SECRET },
      });
    }
    platform = await startPlatform({ port: platformPort, env: platformEnv, quiet: QUIET, nodeArgs: options.platformNodeArgs });
    await options.beforeSite?.(platformUrl);
    site =
      options.site === false
        ? undefined
        : await startSite({
          port: sitePort,
          quiet: QUIET,
          keepLog: true,
          nodeArgs: options.siteNodeArgs,
          env: {
            PLATFORM_URL: platformUrl,
            SESSION_SECRET: "test-secret-test-secret-test-secret-0123",
            NODE_ENV: "production",
            APP_ENV: "test",
            ...(options.guardCache ? {} : { GUARD_CACHE_MS: "0" }),
            ...options.siteEnv,
          },
        });
  } catch (error) {
    // A stack that did not come up leaves nothing behind: no process, no database.
    await Promise.all([stop(site), stop(platform), stop(provider)]);
    await database.drop();
    throw error;
  }
  return {
    siteUrl: `http://127.0.0.1:${sitePort}`,
    platformUrl,
    db,
    dataDir: database.env.PLATFORM_DATA_DIR ?? null,
    providerUrl,
    get platformPid() {
      return platform?.pid ?? null;
    },
    async stopPlatform({ crash = false } = {}) {
      await stop(platform, crash ? "SIGKILL" : "SIGTERM");
      platform = undefined;
    },
    async startPlatform() {
      platform = await startPlatform({ port: platformPort, env: platformEnv, quiet: QUIET, nodeArgs: options.platformNodeArgs });
    },
    siteLog: () => parseLog(site?.log ?? []),
    async stop() {
      await Promise.all([stop(site), stop(platform), stop(provider)]);
      await database.drop();
    },
  };
}

/**
 * The runner's hooks around a group of tests: Vitest's `{ beforeAll, afterAll }`, or
 * Playwright's `test` (whose hooks are bound to it). Taken as an argument so one helper serves
 * both runners.
 */
export interface SuiteHooks {
  beforeAll(fn: () => Promise<void>): void;
  afterAll(fn: () => Promise<void>): void;
  /** Playwright's: called inside a hook, it sets that hook's own timeout. */
  setTimeout?(ms: number): void;
}

/** A sports stack seeds its catalogue on start-up: on two busy cores that can pass a minute. */
const STACK_START_TIMEOUT_MS = 180_000;

/**
 * One stack for a group of tests (a file, or the describe block it is called in): started before
 * the group's first test and stopped, database and all, after its last. The stack it returns
 * reads through to the running one, so a file can hand `stack.platformUrl` to its clients at
 * load time and use it in its tests; used before the start, it says so.
 */
export function stackPerSuite(runner: SuiteHooks, options: StackOptions = {}): Stack {
  let running: Stack | undefined;
  runner.beforeAll(async () => {
    runner.setTimeout?.(STACK_START_TIMEOUT_MS);
    running = await startStack(options);
  });
  runner.afterAll(async () => {
    await running?.stop();
  });
  const started = (): Stack => {
    if (!running) throw new Error("the stack is not started yet: stackPerSuite starts it in beforeAll");
    return running;
  };
  return {
    get siteUrl() {
      return started().siteUrl;
    },
    get platformUrl() {
      return started().platformUrl;
    },
    get db() {
      return started().db;
    },
    get dataDir() {
      return started().dataDir;
    },
    get providerUrl() {
      return started().providerUrl;
    },
    get platformPid() {
      return started().platformPid;
    },
    stopPlatform: (options) => started().stopPlatform(options),
    startPlatform: () => started().startPlatform(),
    siteLog: () => started().siteLog(),
    stop: () => started().stop(),
  };
}

/** Two platform processes on one fresh PostgreSQL schema (the multi-process tests). */
export interface PlatformPair {
  urls: [string, string];
  ports: [number, number];
  /** The fake payment provider both use (test controls on), or null without `payments`. */
  providerUrl: string | null;
  /** Stops one of the two (0 or 1); the other keeps running. */
  stopOne(which: 0 | 1): Promise<void>;
  /** Stops both and drops the schema. */
  stop(): Promise<void>;
}

/**
 * Starts two platforms with test hooks on one PostgreSQL schema (TEST_DATABASE_URL). `env` goes
 * to both, `second` to the second only (e.g. a faster simulator tick); the sports catalogue is
 * seeded only when asked for.
 */
export async function startPlatformPair(options: { sports?: boolean; payments?: boolean; env?: Record<string, string>; second?: Record<string, string> } = {}): Promise<PlatformPair> {
  const database = freshDatabase("postgres");
  const providerPort = options.payments ? await freePort() : null;
  const providerUrl = providerPort === null ? null : `http://127.0.0.1:${providerPort}`;
  const env = { ...database.env, NODE_ENV: "test", PLATFORM_TEST_HOOKS: "1", SPORTS_SEED: options.sports ? "on" : "off", PAYMENT_PROVIDER_SECRET: TEST_PAYMENT_PROVIDER_SECRET, PAYMENT_PROVIDER_URL: providerUrl ?? NO_PAYMENT_PROVIDER, ...options.env };
  const ports: [number, number] = [await freePort(), await freePort()];
  const children: Array<Child | undefined> = [];
  let provider: Child | undefined;
  try {
    if (providerPort !== null) {
      provider = await startPaymentProvider({
        port: providerPort,
        quiet: QUIET,
        env: { NODE_ENV: "test", PAYMENT_PROVIDER_TEST_CONTROLS: "1", PAYMENT_PROVIDER_SECRET: TEST_PAYMENT_PROVIDER_SECRET },
      });
    }
    // One after the other: the first runs the migrations and seeds, the second finds them done.
    children[0] = await startPlatform({ port: ports[0], env, quiet: true });
    children[1] = await startPlatform({ port: ports[1], env: { ...env, ...options.second }, quiet: true });
  } catch (error) {
    await Promise.all([...children.map((c) => stop(c)), stop(provider)]);
    await database.drop();
    throw error;
  }
  return {
    urls: [`http://127.0.0.1:${ports[0]}`, `http://127.0.0.1:${ports[1]}`],
    ports,
    providerUrl,
    async stopOne(which) {
      await stop(children[which]);
      children[which] = undefined;
    },
    async stop() {
      await Promise.all([...children.map((c) => stop(c)), stop(provider)]);
      await database.drop();
    },
  };
}
