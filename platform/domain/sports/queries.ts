// Database reads of the sports API that are not polled: results, standings, head-to-head, team
// pages, search, and the state of coupon outcomes outside the open catalogue.

import { sql } from "kysely";
import type { Db } from "../../db/index.ts";
import { SPORT_BY_ID } from "./sports.ts";
import { type SportsStore, loadGames } from "./store.ts";
import { type GameRec, finalScore } from "./types.ts";
import { type GameView, gameView, marketView } from "./views.ts";

/** Every team that played or plays a game of the championship, once each. */
export async function champTeamIds(db: Db, champId: number): Promise<number[]> {
  const rows = await db.selectFrom("game").select(["home_team_id", "away_team_id"]).distinct().where("champ_id", "=", champId).execute();
  return [...new Set(rows.flatMap((r) => [r.home_team_id, r.away_team_id]).filter((id): id is number => id !== null))];
}

export interface ResultsFilter {
  date?: string;
  sportId?: number;
  champId?: number;
  /** Real sports or cyber sport (SPEC §2 results/{live|zone}). */
  kind?: "real" | "cyber";
  q?: string;
  limit: number;
  offset: number;
}

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function results(db: Db, store: SportsStore, f: ResultsFilter): Promise<{ total: number; games: GameView[] }> {
  let q = db.selectFrom("game").where("status", "=", 4);
  if (f.date) {
    const from = new Date(`${f.date}T00:00:00Z`);
    q = q.where("start_at", ">=", from).where("start_at", "<", new Date(from.getTime() + 86_400_000));
  }
  // Outrights are no result to list; races list theirs on their own page: only a race sport's
  // own filter shows them.
  q = q.where("source", "!=", "outright");
  if (f.sportId) q = q.where("sport_id", "=", f.sportId);
  else q = q.where("runners", "is", null);
  if (f.champId) q = q.where("champ_id", "=", f.champId);
  if (f.kind) q = q.where("sport_id", "in", (eb) => eb.selectFrom("sport").select("id").where("kind", "=", f.kind!));
  if (f.q) {
    const pattern = likePattern(f.q);
    q = q.where((eb) =>
      eb.or([
        eb("home_team_id", "in", eb.selectFrom("team").select("id").where(sql<boolean>`name ilike ${pattern}`)),
        eb("away_team_id", "in", eb.selectFrom("team").select("id").where(sql<boolean>`name ilike ${pattern}`)),
        eb("champ_id", "in", eb.selectFrom("championship").select("id").where(sql<boolean>`name ilike ${pattern}`)),
      ]),
    );
  }
  const total = Number((await q.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirst())?.n ?? 0);
  const ids = (await q.select("id").orderBy("start_at", "desc").orderBy("id", "desc").limit(f.limit).offset(f.offset).execute()).map((r) => r.id);
  const games = ids.length ? await loadGames(db, (g) => g.where("id", "in", ids).orderBy("start_at", "desc").orderBy("id", "desc"), false) : [];
  return { total, games: games.map((g) => gameView(store, g, "none")) };
}

export async function resultDates(db: Db, sportId?: number, champId?: number, kind?: "real" | "cyber"): Promise<{ date: string; count: number }[]> {
  let q = db.selectFrom("game").where("status", "=", 4);
  q = q.where("source", "!=", "outright");
  if (sportId) q = q.where("sport_id", "=", sportId);
  else q = q.where("runners", "is", null);
  if (champId) q = q.where("champ_id", "=", champId);
  if (kind) q = q.where("sport_id", "in", (eb) => eb.selectFrom("sport").select("id").where("kind", "=", kind));
  const rows = await q
    .select([sql<string>`to_char(start_at at time zone 'UTC', 'YYYY-MM-DD')`.as("date"), (eb) => eb.fn.countAll<string>().as("n")])
    .groupBy(sql`1`)
    .orderBy(sql`1`, "desc")
    .limit(120)
    .execute();
  return rows.map((r) => ({ date: r.date, count: Number(r.n) }));
}

export interface StandingRow {
  position: number;
  team: { id: number; name: string; slug: string };
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goalsFor: number;
  goalsAgainst: number;
  goalDifference: number;
  points: number;
  form: ("W" | "D" | "L")[];
}

/** Sides' score of a finished game: goals/points, or sets won in sets sports. */
function sides(game: GameRec): [number, number] {
  const rules = SPORT_BY_ID.get(game.sportId);
  if (rules?.model === "sets") {
    let h = 0;
    let a = 0;
    for (const [x, y] of game.scores) {
      if (x > y) h++;
      else if (y > x) a++;
    }
    return [h, a];
  }
  const s = finalScore(game.scores);
  return [s.home, s.away];
}

export async function standings(db: Db, store: SportsStore, champId: number): Promise<StandingRow[]> {
  const champ = store.champs.get(champId);
  const rules = champ ? SPORT_BY_ID.get(champ.sportId) : undefined;
  const games = await loadGames(db, (g) => g.where("champ_id", "=", champId).where("status", "=", 4).orderBy("start_at").orderBy("id"), false);
  const draws = rules?.model === "goals" && rules.draws;
  const rows = new Map<number, StandingRow>();
  const row = (id: number) => {
    let r = rows.get(id);
    if (!r) {
      const t = store.teams.get(id);
      r = { position: 0, team: { id, name: t?.name ?? `#${id}`, slug: t?.slug ?? String(id) }, played: 0, won: 0, drawn: 0, lost: 0, goalsFor: 0, goalsAgainst: 0, goalDifference: 0, points: 0, form: [] };
      rows.set(id, r);
    }
    return r;
  };
  // Every team of the championship is listed, even before its first result.
  for (const g of store.games.values()) if (g.champId === champId && g.homeTeamId !== null && g.awayTeamId !== null) [g.homeTeamId, g.awayTeamId].forEach(row);
  for (const g of games) {
    // A race has no sides: it has no standings.
    if (g.homeTeamId === null || g.awayTeamId === null) continue;
    const [h, a] = sides(g);
    const home = row(g.homeTeamId);
    const away = row(g.awayTeamId);
    for (const [r, f, ag] of [
      [home, h, a],
      [away, a, h],
    ] as const) {
      r.played++;
      r.goalsFor += f;
      r.goalsAgainst += ag;
      const result = f > ag ? "W" : f < ag ? "L" : "D";
      if (result === "W") {
        r.won++;
        r.points += draws ? 3 : 2;
      } else if (result === "D") {
        r.drawn++;
        r.points += 1;
      } else r.lost++;
      r.form.push(result);
      if (r.form.length > 5) r.form.shift();
    }
  }
  const list = [...rows.values()];
  for (const r of list) r.goalDifference = r.goalsFor - r.goalsAgainst;
  list.sort((x, y) => y.points - x.points || y.goalDifference - x.goalDifference || y.goalsFor - x.goalsFor || x.team.name.localeCompare(y.team.name));
  list.forEach((r, i) => (r.position = i + 1));
  return list;
}

export async function headToHead(db: Db, store: SportsStore, team1: number, team2: number) {
  const games = await loadGames(
    db,
    (g) =>
      g
        .where("status", "=", 4)
        .where((eb) => eb.or([eb.and([eb("home_team_id", "=", team1), eb("away_team_id", "=", team2)]), eb.and([eb("home_team_id", "=", team2), eb("away_team_id", "=", team1)])]))
        .orderBy("start_at", "desc")
        .orderBy("id", "desc")
        .limit(20),
    false,
  );
  const summary = { played: games.length, wins1: 0, draws: 0, wins2: 0, goals1: 0, goals2: 0 };
  for (const g of games) {
    const [h, a] = sides(g);
    const [s1, s2] = g.homeTeamId === team1 ? [h, a] : [a, h];
    summary.goals1 += s1;
    summary.goals2 += s2;
    if (s1 > s2) summary.wins1++;
    else if (s2 > s1) summary.wins2++;
    else summary.draws++;
  }
  return { games: games.map((g) => gameView(store, g, "none")), summary };
}

export async function teamPage(db: Db, store: SportsStore, teamId: number) {
  const fixtures = [...store.games.values()]
    .filter((g) => g.homeTeamId === teamId || g.awayTeamId === teamId)
    .sort((a, b) => a.startAtMs - b.startAtMs || a.id - b.id)
    .slice(0, 10)
    .map((g) => gameView(store, g, "main"));
  const past = await loadGames(
    db,
    (g) =>
      g
        .where("status", "=", 4)
        .where((eb) => eb.or([eb("home_team_id", "=", teamId), eb("away_team_id", "=", teamId)]))
        .orderBy("start_at", "desc")
        .orderBy("id", "desc")
        .limit(10),
    false,
  );
  const form = past
    .slice(0, 5)
    .reverse()
    .map((g) => {
      const [h, a] = sides(g);
      const [f, ag] = g.homeTeamId === teamId ? [h, a] : [a, h];
      return f > ag ? "W" : f < ag ? "L" : "D";
    });
  return { fixtures, results: past.map((g) => gameView(store, g, "none")), form };
}

export function search(store: SportsStore, q: string, limit: number) {
  const needle = q.toLocaleLowerCase();
  const teams = [];
  for (const t of store.teams.values()) {
    if (teams.length >= limit) break;
    const sport = store.sports.get(t.sportId);
    // Race runners (marbles) have no fixtures or results of their own to show.
    if (sport?.model === "race") continue;
    if (t.name.toLocaleLowerCase().includes(needle)) {
      teams.push({ id: t.id, name: t.name, slug: t.slug, sportId: t.sportId, sportSlug: sport?.slug ?? "", countryName: store.countries.get(t.countryId)?.name ?? "" });
    }
  }
  const championships = [];
  for (const c of store.champs.values()) {
    if (championships.length >= limit) break;
    // The country too: "russia super" finds Russia's Super League (names keep the country apart).
    const country = store.countries.get(c.countryId)?.name ?? "";
    if (store.sports.get(c.sportId)?.model === "race") continue;
    if (c.name.toLocaleLowerCase().includes(needle) || `${country} ${c.name}`.toLocaleLowerCase().includes(needle)) {
      championships.push({ id: c.id, name: c.name, slug: c.slug, sportId: c.sportId, sportSlug: store.sports.get(c.sportId)?.slug ?? "", countryName: store.countries.get(c.countryId)?.name ?? "" });
    }
  }
  return { teams, championships };
}

// ---------------------------------------------------------------- coupon outcomes

let index: { version: number; byOutcome: Map<number, [GameRec, number, number]> } | null = null;

/** The current state of coupon bets by outcome id: from memory when open, else from the database. */
export async function outcomeStates(db: Db, store: SportsStore, ids: number[]) {
  if (!index || index.version !== store.version || index.byOutcome.size === 0) {
    const byOutcome = new Map<number, [GameRec, number, number]>();
    for (const g of store.games.values()) g.markets.forEach((m, i) => m.outcomes.forEach((o, j) => byOutcome.set(o.id, [g, i, j])));
    index = { version: store.version, byOutcome };
  }
  const missing = ids.filter((id) => !index!.byOutcome.has(id));
  const fromDb = new Map<number, [GameRec, number, number]>();
  if (missing.length) {
    const gameIds = (await db.selectFrom("outcome").select("game_id").distinct().where("id", "in", missing).execute()).map((r) => r.game_id);
    if (gameIds.length) {
      for (const g of await loadGames(db, (q) => q.where("id", "in", gameIds))) {
        g.markets.forEach((m, i) => m.outcomes.forEach((o, j) => fromDb.set(o.id, [g, i, j])));
      }
    }
  }
  return ids.map((id) => {
    const hit = index!.byOutcome.get(id) ?? fromDb.get(id);
    if (!hit) return { id, found: false as const };
    const [g, i, j] = hit;
    const m = g.markets[i]!;
    const mv = marketView(store, m);
    const o = mv.outcomes[j]!;
    const view = gameView(store, g, "none");
    const sport = store.sports.get(g.sportId);
    return {
      id,
      found: true as const,
      coef: o.coef,
      blocked: o.blocked,
      result: o.result,
      key: o.key,
      typeId: o.typeId,
      marketId: m.id,
      marketVersion: m.version,
      marketBlocked: m.blocked,
      marketTypeId: m.typeId,
      type: mv.type,
      param: m.param,
      period: m.period,
      game: {
        id: g.id,
        sportId: g.sportId,
        sportSlug: view.sportSlug,
        sportName: sport?.name ?? "",
        champId: g.champId,
        champName: view.champName,
        status: g.status,
        startAtMs: g.startAtMs,
        gameTimeSec: g.gameTimeSec,
        score: view.score,
        home: view.home,
        away: view.away,
      },
    };
  });
}
