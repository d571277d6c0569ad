// The sports service of one platform process: the in-memory store and feed, and — in the one
// process that holds the advisory lock — the live simulator (decision 016).

import { sql } from "kysely";
import type { Db } from "../../db/index.ts";
import { type Clock, wallClock } from "../clock.ts";
import { Feed } from "./feed.ts";
import { type GameFinishedHandler, Simulator } from "./simulator.ts";
import { SportsStore } from "./store.ts";

export interface SportsOptions {
  dbKind: "pglite" | "postgres";
  /** Run the simulator when this process wins the leadership. */
  simulator: boolean;
  tickMs: number;
  speed: number;
  minLive: number;
  /** The calendar's present (PLATFORM_NOW), for a simulator catching up after a pause; the wall clock by default. */
  clock?: Clock;
  /** How often a follower reads the leader's changes. */
  refreshMs?: number;
  /** How often a follower tries to become the leader. */
  electionMs?: number;
}

/** The advisory lock's two keys: a constant, and the schema (tests run many schemas on one server). */
const LOCK_CLASS = 13013;
const lockKey = sql`(hashtext('sports.simulator:' || current_schema()) & 2147483647)`;

export interface SportsService {
  store: SportsStore;
  feed: Feed;
  /** The simulator when this process leads, else null. */
  simulator(): Simulator | null;
  isLeader(): boolean;
  /** Registers a handler run inside the transaction that finishes (or cancels) a game. */
  onGameFinished(handler: GameFinishedHandler): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createSportsService(db: Db, options: SportsOptions): SportsService {
  const store = new SportsStore();
  const feed = new Feed(store);
  const hooks: GameFinishedHandler[] = [];
  let sim: Simulator | null = null;
  let leaderPid: number | null = null;
  let releaseLock: (() => void) | null = null;
  /** Settles when the lock's connection has unlocked and gone back to the pool. */
  let lockHeld: Promise<void> = Promise.resolve();
  let tickTimer: NodeJS.Timeout | null = null;
  let refreshTimer: NodeJS.Timeout | null = null;
  let electionTimer: NodeJS.Timeout | null = null;
  let stopped = false;

  // The write fence: the leader's lock must still be held by its own session.
  const fence = async (trx: Db): Promise<boolean> => {
    if (options.dbKind === "pglite") return true;
    const { rows } = await sql<{ held: boolean }>`
      select exists (
        select 1 from pg_locks
        where locktype = 'advisory' and granted and pid = ${leaderPid}
          and classid = ${LOCK_CLASS} and objid = ${lockKey}::oid and objsubid = 2
          and database = (select oid from pg_database where datname = current_database())
      ) as held`.execute(trx);
    return rows[0]?.held === true;
  };

  /** Tries to take the lock on a connection kept for as long as this process leads. */
  const tryLock = (): Promise<boolean> => {
    if (options.dbKind === "pglite") return Promise.resolve(true);
    return new Promise<boolean>((resolve) => {
      lockHeld = db
        .connection()
        .execute(async (conn) => {
          const { rows } = await sql<{ ok: boolean; pid: number }>`select pg_try_advisory_lock(${LOCK_CLASS}, ${lockKey}) as ok, pg_backend_pid() as pid`.execute(conn);
          if (!rows[0]?.ok) return resolve(false);
          leaderPid = rows[0].pid;
          resolve(true);
          await new Promise<void>((release) => (releaseLock = release));
          await sql`select pg_advisory_unlock(${LOCK_CLASS}, ${lockKey})`.execute(conn);
        })
        .catch((error: unknown) => {
          console.error("[platform] simulator lock connection failed", error);
          resolve(false);
        });
    });
  };

  const tick = async () => {
    if (!sim) return;
    try {
      await sim.tick();
    } catch (error) {
      if (sim.lostLeadership) {
        console.error("[platform] simulator lost its lock; following again");
        await stepDown();
      } else {
        // Memory ran ahead of a write that failed: start again from the database.
        console.error("[platform] simulator tick failed; reloading the catalogue", error);
        await store.load(db).catch(() => undefined);
        await sim?.init().catch(() => undefined);
      }
    }
  };

  const becomeLeader = async () => {
    // Catch up with what the previous leader wrote before moving anything.
    await store.refresh(db);
    sim = new Simulator(db, store, { speed: options.speed, minLive: options.minLive, clock: options.clock ?? wallClock }, hooks, fence);
    await sim.init();
    if (refreshTimer) clearInterval(refreshTimer);
    refreshTimer = null;
    if (electionTimer) clearInterval(electionTimer);
    electionTimer = null;
    tickTimer = setInterval(() => void tick(), options.tickMs);
    tickTimer.unref();
  };

  const follow = () => {
    refreshTimer = setInterval(() => {
      store.refresh(db).catch((error: unknown) => console.error("[platform] sports refresh failed", error));
    }, options.refreshMs ?? 1000);
    refreshTimer.unref();
    if (options.simulator) {
      electionTimer = setInterval(() => void elect(), options.electionMs ?? 5000);
      electionTimer.unref();
    }
  };

  let electing = false;
  const elect = async () => {
    if (electing || sim || stopped) return;
    electing = true;
    try {
      if (await tryLock()) {
        if (stopped) releaseLock?.();
        else await becomeLeader();
      }
    } finally {
      electing = false;
    }
  };

  const stepDown = async () => {
    if (tickTimer) clearInterval(tickTimer);
    tickTimer = null;
    sim = null;
    releaseLock?.();
    releaseLock = null;
    leaderPid = null;
    // What this process simulated but could not write is not the truth: read the leader's.
    await store.load(db).catch((error: unknown) => console.error("[platform] sports reload failed", error));
    if (!stopped) follow();
  };

  return {
    store,
    feed,
    simulator: () => sim,
    isLeader: () => sim !== null,
    onGameFinished(handler) {
      hooks.push(handler);
    },
    async start() {
      await store.load(db);
      if (options.simulator && (await tryLock())) await becomeLeader();
      else follow();
    },
    async stop() {
      stopped = true;
      for (const t of [tickTimer, refreshTimer, electionTimer]) if (t) clearInterval(t);
      tickTimer = refreshTimer = electionTimer = null;
      // Let a running tick finish its transaction before the pool closes.
      if (sim) await sim.idle();
      sim = null;
      releaseLock?.();
      releaseLock = null;
      await lockHeld;
    },
  };
}
