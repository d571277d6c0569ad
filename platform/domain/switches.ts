import { sql } from "kysely";
import type { z } from "zod";
import type { Db } from "../db/index.ts";
import { type Outcome, done, refuse } from "./admin-outcome.ts";
import { type Actor, recordChange } from "./audit.ts";
import { withConfigLock } from "./config-version.ts";
import { type SwitchKey, siteConfigSchema, switchKeys, switchSchemas } from "./site-config.ts";

/** A site switch as the console shows it: the current (default, not per-country) value, who set it and when. */
export interface Switch {
  value: unknown;
  updated_by: string | null;
  updated_at: string | null;
}

export async function getSwitches(db: Db): Promise<Record<SwitchKey, Switch>> {
  const rows = await db.selectFrom("site_config").select(["key", "value", "updated_by", "updated_at"]).where("key", "in", switchKeys).execute();
  const byKey = new Map(rows.map((r) => [r.key, r]));
  return Object.fromEntries(
    switchKeys.map((key) => {
      const row = byKey.get(key);
      return [key, row ? { value: row.value, updated_by: row.updated_by, updated_at: row.updated_at.toISOString() } : { value: null, updated_by: null, updated_at: null }];
    }),
  ) as Record<SwitchKey, Switch>;
}

/** "ended_at", or "value" with the entry named for a list ("entry 2 (\"x\") must ..."). */
export function switchProblem(error: z.ZodError, value: unknown): { field: string; message: string } {
  const issue = error.issues[0]!;
  if (issue.code === "unrecognized_keys") {
    return { field: issue.keys[0] ?? "value", message: `${issue.keys.join(", ")} ${issue.keys.length > 1 ? "are not fields" : "is not a field"} of this switch` };
  }
  const [head, ...rest] = issue.path;
  if (typeof head === "number") {
    const entry = Array.isArray(value) ? JSON.stringify(value[head]) : "";
    return { field: "value", message: `entry ${head + 1} (${entry}) ${issue.message}` };
  }
  if (head === undefined) return { field: "value", message: `value ${issue.message}` };
  const field = [head, ...rest].join(".");
  return { field, message: `${field} ${issue.message}` };
}

export function setSwitch(db: Db, actor: Actor, key: SwitchKey, raw: unknown): Promise<Outcome<Switch>> {
  const parsed = switchSchemas[key].safeParse(raw);
  if (!parsed.success) {
    const { field, message } = switchProblem(parsed.error, raw);
    return Promise.resolve(refuse("invalid_value", message, { field }));
  }
  // The stricter switch schema implies the stored config's; checked anyway so the two cannot drift apart.
  const value = siteConfigSchema.shape[key].parse(parsed.data);
  const json = JSON.stringify(value);
  return withConfigLock(db, async (trx) => {
    const before = await trx.selectFrom("site_config").select(["value", "updated_by", "updated_at"]).where("key", "=", key).executeTakeFirst();
    const row = await trx
      .insertInto("site_config")
      .values({ key, value: json, updated_by: actor.name })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value: json, updated_by: actor.name, updated_at: sql<Date>`now()` }))
      .returning(["value", "updated_by", "updated_at"])
      .executeTakeFirstOrThrow();
    await recordChange(trx, actor, { action: "switch.update", entity: "switch", entityId: key, before: before ? { value: before.value } : null, after: { value } });
    return done({ value: row.value, updated_by: row.updated_by, updated_at: row.updated_at.toISOString() });
  });
}
