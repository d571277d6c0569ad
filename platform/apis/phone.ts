import { Hono } from "hono";
import type { Db } from "../db/index.ts";

/** Phone countries and masks (SPEC §3 "Other entities"), reference data from the database. */
export function phoneApi(db: Db) {
  const app = new Hono();

  app.get("/phone/countries", async (c) => {
    const countries = await db.selectFrom("phone_country").select(["id", "name", "country_code", "tel_code"]).orderBy("id").execute();
    return c.json({ countries });
  });

  app.get("/phone/masks", async (c) => {
    const rows = await db.selectFrom("phone_country").select(["id", "mask", "min_digits", "max_digits"]).orderBy("id").execute();
    return c.json(rows.map((r) => ({ CountryId: r.id, Mask: r.mask, Min: r.min_digits, Max: r.max_digits })));
  });

  return app;
}
