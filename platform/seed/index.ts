import type { Db } from "../db/index.ts";
import { demoConfigGroups } from "./content.ts";
import { demoCountryOverrides, demoSiteConfig } from "./site-config.ts";

/** Fills demo data into an empty database; a database that already has config is left alone. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  const existing = await db.selectFrom("site_config").select("key").limit(1).executeTakeFirst();
  if (existing) return false;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("site_config")
      .values(
        Object.entries(demoSiteConfig).map(([key, value]) => ({
          key,
          value: JSON.stringify(value),
          updated_by: "seed",
        })),
      )
      .execute();
    await trx
      .insertInto("site_config_override")
      .values(
        demoCountryOverrides.map((o) => ({
          country: o.country,
          key: o.key,
          value: JSON.stringify(o.value),
          updated_by: "seed",
        })),
      )
      .execute();
    await trx
      .insertInto("config_group")
      .values(demoConfigGroups.map((g) => ({ ...g, value: JSON.stringify(g.value) })))
      .execute();
  });
  return true;
}
