import { Hono } from "hono";
import { z } from "zod";
import type { Db } from "../db/index.ts";
import { mostBacked } from "../domain/sports/popular.ts";
import { champTeamIds, headToHead, outcomeStates, resultDates, results, search, standings, teamPage } from "../domain/sports/queries.ts";
import type { SportsService } from "../domain/sports/service.ts";
import { SPORT_BY_ID, scoreUnit, sportRules } from "../domain/sports/sports.ts";
import { loadGames } from "../domain/sports/store.ts";
import { gameView } from "../domain/sports/views.ts";
import { apiError, parseJsonBody, parseParams, parseQuery } from "./http.ts";

/**
 * /sports-api: the sports catalogue, the live and line feed (snapshots and deltas from memory),
 * results and statistics (docs/SPORTS-API.md).
 */

const id = z.coerce.number().int().min(1).max(2_147_483_647);
const optionalId = id.optional();
const idParam = z.object({ id });
const section = z.enum(["live", "line"]);
// A version the client sends: anything that is not a positive integer just means "send a snapshot".
const clientVersion = z
  .string()
  .max(40)
  .optional()
  .transform((v) => (v !== undefined && /^\d{1,15}$/.test(v) ? Number(v) : null));

const feedQuery = z.object({
  sport: optionalId,
  champ: optionalId,
  version: clientVersion,
  markets: z.enum(["main", "all"]).default("main"),
});

const resultsQuery = z.object({
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "expected YYYY-MM-DD")
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), "not a date")
    .optional(),
  sport: optionalId,
  champ: optionalId,
  kind: z.enum(["real", "cyber"]).optional(),
  q: z.string().trim().min(2).max(64).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export function sportsApi(db: Db, sports: SportsService) {
  const api = new Hono();
  const { store, feed } = sports;

  const knownSport = (sportId?: number) => sportId === undefined || store.sports.has(sportId);
  const knownChamp = (champId?: number) => champId === undefined || store.champs.has(champId);

  api.get("/feed/:section", (c) => {
    const s = section.safeParse(c.req.param("section"));
    if (!s.success) return apiError(c, 404, "not_found", "No such section (live or line)");
    const q = parseQuery(c, feedQuery);
    if (!q.ok) return q.response;
    if (!knownSport(q.data.sport)) return apiError(c, 404, "not_found", "No such sport");
    if (!knownChamp(q.data.champ)) return apiError(c, 404, "not_found", "No such championship");
    const answer = feed.answer({ section: s.data, sportId: q.data.sport ?? null, champId: q.data.champ ?? null, since: q.data.version, markets: q.data.markets });
    const etag = `"${answer.type}-${answer.version}-${q.data.version ?? ""}"`;
    c.header("etag", etag);
    c.header("cache-control", "no-cache");
    if (c.req.header("if-none-match") === etag) return c.body(null, 304);
    return c.body(answer.body, 200, { "content-type": "application/json; charset=UTF-8" });
  });

  api.get("/games/:id", async (c) => {
    const p = parseParams(c, idParam);
    if (!p.ok) return p.response;
    const q = parseQuery(c, z.object({ version: clientVersion }));
    if (!q.ok) return q.response;
    const open = store.games.get(p.data.id);
    const game = open ?? (await loadGames(db, (g) => g.where("id", "=", p.data.id)))[0];
    if (!game) return apiError(c, 404, "not_found", "No such game");
    const etag = `"game-${game.feedVersion}-${q.data.version ?? ""}"`;
    c.header("etag", etag);
    c.header("cache-control", "no-cache");
    if (c.req.header("if-none-match") === etag) return c.body(null, 304);
    if (q.data.version !== null && q.data.version === game.feedVersion) return c.json({ type: "delta", version: game.feedVersion, since: q.data.version, game: null });
    return c.json({ type: "snapshot", version: game.feedVersion, game: gameView(store, game, "all") });
  });

  api.get("/sports", (c) => {
    const q = parseQuery(c, z.object({ section: section.optional() }));
    if (!q.ok) return q.response;
    return c.json(feed.menu(q.data.section ?? null));
  });

  api.get("/top", (c) => {
    const q = parseQuery(c, z.object({ section: section.default("live"), limit: z.coerce.number().int().min(1).max(50).default(10) }));
    if (!q.ok) return q.response;
    return c.json({ version: store.version, section: q.data.section, games: feed.top(q.data.section, q.data.limit) });
  });

  api.post("/outcomes", async (c) => {
    const body = await parseJsonBody(c, z.object({ ids: z.array(id).min(1).max(100) }));
    if (!body.ok) return body.response;
    return c.json({ outcomes: await outcomeStates(db, store, [...new Set(body.data.ids)]) });
  });

  api.get("/catalogue", (c) =>
    c.json({
      sports: [...store.sports.values()].map((s) => ({ ...s, rules: SPORT_BY_ID.get(s.id) ?? null })),
      countries: [...store.countries.values()].map(({ id: cid, code, name }) => ({ id: cid, code, name })),
      marketTypes: [...store.marketTypes.values()],
    }),
  );

  const champView = (champId: number) => {
    const ch = store.champs.get(champId)!;
    const country = store.countries.get(ch.countryId);
    const sport = store.sports.get(ch.sportId);
    return { id: ch.id, slug: ch.slug, name: ch.name, sportId: ch.sportId, sportSlug: sport?.slug ?? "", sportName: sport?.name ?? "", scoreUnit: scoreUnit(sportRules(ch.sportId)), countryId: ch.countryId, countryCode: country?.code ?? "", countryName: country?.name ?? "", isTop: ch.isTop, source: ch.source };
  };

  api.get("/championships", (c) => {
    const q = parseQuery(c, z.object({ sport: optionalId }));
    if (!q.ok) return q.response;
    if (!knownSport(q.data.sport)) return apiError(c, 404, "not_found", "No such sport");
    const list = [...store.champs.values()].filter((ch) => q.data.sport === undefined || ch.sportId === q.data.sport).sort((a, b) => a.sportId - b.sportId || a.sort - b.sort || a.id - b.id);
    return c.json({ championships: list.map((ch) => champView(ch.id)) });
  });

  api.get("/championships/:id", async (c) => {
    const p = parseParams(c, idParam);
    if (!p.ok) return p.response;
    if (!store.champs.has(p.data.id)) return apiError(c, 404, "not_found", "No such championship");
    const teams = (await champTeamIds(db, p.data.id))
      .map((t) => store.teams.get(t))
      .filter((t) => t !== undefined)
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((t) => ({ id: t.id, name: t.name, slug: t.slug }));
    return c.json({ championship: champView(p.data.id), teams });
  });

  // The championship's outright (decision 041): its winner market while the season runs, or null.
  api.get("/championships/:id/outright", (c) => {
    const p = parseParams(c, idParam);
    if (!p.ok) return p.response;
    if (!store.champs.has(p.data.id)) return apiError(c, 404, "not_found", "No such championship");
    const game = [...store.games.values()].find((g) => g.champId === p.data.id && g.source === "outright");
    return c.json({ game: game ? gameView(store, game, "all") : null });
  });

  api.get("/championships/:id/standings", async (c) => {
    const p = parseParams(c, idParam);
    if (!p.ok) return p.response;
    if (!store.champs.has(p.data.id)) return apiError(c, 404, "not_found", "No such championship");
    return c.json({ championship: champView(p.data.id), rows: await standings(db, store, p.data.id) });
  });

  api.get("/results", async (c) => {
    const q = parseQuery(c, resultsQuery);
    if (!q.ok) return q.response;
    if (!knownSport(q.data.sport)) return apiError(c, 404, "not_found", "No such sport");
    if (!knownChamp(q.data.champ)) return apiError(c, 404, "not_found", "No such championship");
    return c.json(await results(db, store, { date: q.data.date, sportId: q.data.sport, champId: q.data.champ, kind: q.data.kind, q: q.data.q, limit: q.data.limit, offset: q.data.offset }));
  });

  api.get("/results/dates", async (c) => {
    const q = parseQuery(c, z.object({ sport: optionalId, champ: optionalId, kind: z.enum(["real", "cyber"]).optional() }));
    if (!q.ok) return q.response;
    if (!knownSport(q.data.sport)) return apiError(c, 404, "not_found", "No such sport");
    if (!knownChamp(q.data.champ)) return apiError(c, 404, "not_found", "No such championship");
    return c.json({ dates: await resultDates(db, q.data.sport, q.data.champ, q.data.kind) });
  });

  const teamView = (teamId: number) => {
    const t = store.teams.get(teamId)!;
    return { id: t.id, name: t.name, slug: t.slug };
  };

  api.get("/h2h", async (c) => {
    const q = parseQuery(c, z.object({ team1: id, team2: id }));
    if (!q.ok) return q.response;
    if (!store.teams.has(q.data.team1) || !store.teams.has(q.data.team2)) return apiError(c, 404, "not_found", "No such team");
    const h2h = await headToHead(db, store, q.data.team1, q.data.team2);
    return c.json({ team1: teamView(q.data.team1), team2: teamView(q.data.team2), ...h2h });
  });

  api.get("/teams/:id", async (c) => {
    const p = parseParams(c, idParam);
    if (!p.ok) return p.response;
    const t = store.teams.get(p.data.id);
    if (!t) return apiError(c, 404, "not_found", "No such team");
    const page = await teamPage(db, store, t.id);
    return c.json({
      team: { ...teamView(t.id), sportId: t.sportId, sportSlug: store.sports.get(t.sportId)?.slug ?? "", countryId: t.countryId, countryName: store.countries.get(t.countryId)?.name ?? "", rating: t.rating },
      ...page,
    });
  });

  // The most-backed open selections of recent coupons (bets-on-your).
  api.get("/popular", async (c) => {
    const q = parseQuery(c, z.object({ hours: z.coerce.number().int().min(1).max(168).default(24), limit: z.coerce.number().int().min(1).max(50).default(20) }));
    if (!q.ok) return q.response;
    return c.json({ selections: await mostBacked(db, store, { hours: q.data.hours, limit: q.data.limit, now: new Date() }) });
  });

  api.get("/search", (c) => {
    const q = parseQuery(c, z.object({ q: z.string().trim().min(2).max(64), limit: z.coerce.number().int().min(1).max(50).default(10) }));
    if (!q.ok) return q.response;
    return c.json(search(store, q.data.q, q.data.limit));
  });

  api.notFound((c) => apiError(c, 404, "not_found", "No such sports API"));
  return api;
}
