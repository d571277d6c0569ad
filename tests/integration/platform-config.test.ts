import { describe, expect, it } from "vitest";
import { databases } from "../support/stack";
import { platformStack } from "../support/suite";

describe.each(databases)("platform config APIs on %s", (db) => {
  const stack = platformStack(db);

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${stack.platformUrl}${path}`, { headers });

  it("reports health with its database", async () => {
    const res = await get("/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", db, dbOk: true });
  });

  it("serves the seeded site config with every flag the site reads", async () => {
    const res = await get("/bff-api/config/all.json?lang=en");
    expect(res.status).toBe(200);
    const config = await res.json();
    expect(config.lang).toBe("en");
    expect(config.country).toBeNull();
    expect(config.languages.default).toBe("ru");
    expect(config.languages.allowed).toEqual(expect.arrayContaining(["ru", "en", "de", "tr", "uk", "kk", "az", "ar", "fa"]));
    for (const key of ["registration", "vipDomains", "coefFormat", "maintenance", "availableRoutes", "urlsToRedirectTo404", "ageRestriction", "features"]) {
      expect(config, key).toHaveProperty(key);
    }
    expect(config.maintenance).toMatchObject({ isActive: false, web_state: 0 });
    expect(config.availableRoutes).toEqual(expect.arrayContaining([47, 52]));
  });

  it("applies the country's overrides from the country header", async () => {
    const kz = await (await get("/bff-api/config/all.json?lang=ru", { "x-country-code": "kz" })).json();
    expect(kz.country).toBe("KZ");
    expect(kz.ageRestriction).toEqual({ age: 21, enabled: true });
    const tr = await (await get("/bff-api/config/all.json?lang=tr", { "x-country-code": "TR" })).json();
    expect(tr.languages.default).toBe("tr");
    const none = await (await get("/bff-api/config/all.json?lang=ru", { "x-country-code": "not-a-country" })).json();
    expect(none.country).toBeNull();
    expect(none.ageRestriction.enabled).toBe(false);
  });

  it("refuses a malformed language with 400", async () => {
    const res = await get("/bff-api/config/all.json?lang=english");
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe("bad_request");
  });

  it("serves config groups by language with the `*` fallback", async () => {
    const ru = await (await get("/bff-api/config/group/get?groups=seo_home,social_links,missing&lang=ru")).json();
    expect(ru.groups.seo_home.title).toBe("Ставки на спорт онлайн");
    expect(ru.groups.social_links.length).toBeGreaterThan(0);
    expect(ru.groups.missing).toBeNull();
    const de = await (await get("/bff-api/config/group/get?groups=seo_home&lang=de")).json();
    expect(de.groups.seo_home.title).toBe("Arena Bet");
  });

  it("refuses bad group requests with 400", async () => {
    expect((await get("/bff-api/config/group/get?lang=ru")).status).toBe(400);
    expect((await get("/bff-api/config/group/get?groups=a;drop&lang=ru")).status).toBe(400);
  });

  it("answers unknown APIs with a JSON 404", async () => {
    const res = await get("/bff-api/nothing");
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe("not_found");
  });

  it("keeps its data across a restart and does not seed twice", async () => {
    await stack.stopPlatform();
    await stack.startPlatform();
    const res = await get("/bff-api/config/all.json?lang=ru");
    expect(res.status).toBe(200);
    expect((await res.json()).companyName).toBe("Arena Bet");
  });
});
