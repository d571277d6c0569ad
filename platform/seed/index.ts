import { sql } from "kysely";
import type { Db } from "../db/index.ts";
import { hashPassword } from "../domain/passwords.ts";
import { insertBlockRule, insertRedirectRule } from "../domain/rule-writes.ts";
import { demoConfigGroups } from "./content.ts";
import { demoBlockRules, demoRedirectRules } from "./redirects-blocks.ts";
import { demoRulesChapters } from "./rules-content.ts";
import { demoCountryOverrides, demoSiteConfig } from "./site-config.ts";
import { log } from "../log.ts";
import { seedSports } from "./sports.ts";
import { seedMarble } from "./marble.ts";
import { demoUsers } from "./users.ts";
import { DEMO_BALANCE, fundDemoUsers } from "./balances.ts";

const BY = "seed";

interface SeedPart {
  name: string;
  fill(trx: Db, options: SeedOptions): Promise<void>;
  /** True when the database got this part before parts were recorded (it must not be refilled). */
  alreadyThere?(trx: Db): Promise<boolean>;
}

export interface SeedOptions {
  users?: boolean;
  /** false: no sports catalogue (SPORTS_SEED=off), e.g. for test suites that never read it. */
  sports?: boolean;
  /** Seed of the generated sports fixtures (SPORTS_SIM_SEED). */
  sportsSeed?: number;
  /** The present, for the sports fixtures' dates (tests pass a fixed one). */
  now?: number;
  /** Weeks the football data moves (SPORTS_SHIFT_WEEKS); default up to `now`. */
  sportsShiftWeeks?: number;
}

const parts: SeedPart[] = [
  {
    name: "config",
    async alreadyThere(trx) {
      return !!(await trx.selectFrom("site_config").select("key").limit(1).executeTakeFirst());
    },
    async fill(trx) {
      await trx
        .insertInto("site_config")
        .values(Object.entries(demoSiteConfig).map(([key, value]) => ({ key, value: JSON.stringify(value), updated_by: BY })))
        .execute();
      await trx
        .insertInto("site_config_override")
        .values(demoCountryOverrides.map((o) => ({ country: o.country, key: o.key, value: JSON.stringify(o.value), updated_by: BY })))
        .execute();
      await trx
        .insertInto("config_group")
        .values(demoConfigGroups.map((g) => ({ ...g, value: JSON.stringify(g.value) })))
        .execute();
    },
  },
  {
    name: "redirect_rules",
    async fill(trx) {
      for (const rule of demoRedirectRules) {
        const written = await insertRedirectRule(trx, rule, BY);
        if (!written.ok) throw new Error(`demo redirect ${rule.source} is invalid: ${written.message}`);
      }
    },
  },
  {
    name: "block_rules",
    async fill(trx) {
      for (const rule of demoBlockRules) {
        const written = await insertBlockRule(trx, rule, BY);
        if (!written.ok) throw new Error(`demo block rule ${rule.pattern} is invalid: ${written.message}`);
      }
    },
  },
  {
    name: "rules_content",
    async fill(trx) {
      await trx.insertInto("rules_chapter").values(demoRulesChapters).execute();
    },
  },
  {
    name: "users",
    // Demo accounts with known passwords belong on a fresh database only, never beside real users.
    async alreadyThere(trx) {
      return !!(await trx.selectFrom("app_user").select("id").limit(1).executeTakeFirst());
    },
    async fill(trx) {
      for (const user of demoUsers) {
        await trx
          .insertInto("app_user")
          .values({
            email: user.email,
            email_activated: true,
            password_hash: await hashPassword(user.password),
            roles: JSON.stringify(user.roles),
            country_code: "RU",
            currency: "RUB",
            language: "ru",
            terms_accepted_at: sql<Date>`now()`,
          })
          .execute();
      }
    },
  },
  {
    name: "sports",
    async alreadyThere(trx) {
      return !!(await trx.selectFrom("sport").select("id").limit(1).executeTakeFirst());
    },
    async fill(trx, options) {
      const done = await seedSports(trx, { seed: options.sportsSeed ?? 1, now: options.now ?? Date.now(), shiftWeeks: options.sportsShiftWeeks });
      log.info("seed.sports", { games: done.games, ms: done.ms, shiftWeeks: done.shiftWeeks });
    },
  },
  {
    name: "marble",
    async fill(trx, options) {
      await seedMarble(trx, options.sportsSeed ?? 1);
    },
  },
  {
    name: "demo_balances",
    // Each demo account starts with DEMO_BALANCE minor units, paid in by a ledger transfer.
    async fill(trx) {
      await fundDemoUsers(trx, demoUsers.map((u) => u.email), DEMO_BALANCE);
    },
  },
];

/**
 * Fills each part of the demo data into the database once, and records it: a fresh database
 * gets everything, an older one only the parts added since, and data ops removed stays removed.
 * Returns the names of the parts filled now.
 */
export async function seedDemo(db: Db, options: SeedOptions = {}): Promise<string[]> {
  // Accounts with published passwords (an ops one among them) never go into production.
  const wanted = parts.filter(
    (part) => (!["users", "demo_balances"].includes(part.name) || options.users !== false) && (!["sports", "marble"].includes(part.name) || options.sports !== false),
  );
  return db.transaction().execute(async (trx) => {
    // Several platform processes may start at once on one database: one seeds, the rest wait and
    // then see it done. Keyed by schema so platforms on other schemas of the server do not wait.
    await sql`select pg_advisory_xact_lock(hashtext('platform.seedDemo:' || current_schema()))`.execute(trx);
    const done = new Set((await trx.selectFrom("seed_run").select("name").execute()).map((r) => r.name));
    const filled: string[] = [];
    for (const part of wanted) {
      if (done.has(part.name)) continue;
      if (!(await part.alreadyThere?.(trx))) {
        await part.fill(trx, options);
        filled.push(part.name);
      }
      await trx.insertInto("seed_run").values({ name: part.name }).execute();
    }
    return filled;
  });
}
