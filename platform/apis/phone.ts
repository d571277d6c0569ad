import { Hono } from "hono";
import type { Db } from "../db/index.ts";
import { listPhoneCountries, listPhoneMasks } from "../domain/phone-countries.ts";

/** Phone countries and masks (SPEC §3 "Other entities"), reference data from the database. */
export function phoneApi(db: Db) {
  const app = new Hono();

  app.get("/phone/countries", async (c) => {
    return c.json({ countries: await listPhoneCountries(db) });
  });

  app.get("/phone/masks", async (c) => {
    const rows = await listPhoneMasks(db);
    return c.json(rows.map((r) => ({ CountryId: r.id, Mask: r.mask, Min: r.min_digits, Max: r.max_digits })));
  });

  return app;
}
