// The in-memory catalogue every platform process serves the feed from (decision 016). The
// simulator's leader changes it and writes the same changes to the database; every other process
// reads the rows whose feed version moved, once a second. No feed request touches the database.

import { sql } from "kysely";
import type { Db } from "../../db/index.ts";
import type { GameStatus } from "../../db/schema.ts";
import { MARKET } from "./markets.ts";
import type { ChampRec, CountryRec, GameRec, MarketRec, SimState, SportRec, TeamRec } from "./types.ts";

export type Section = "live" | "line";

/** How long removals are remembered for deltas; an older version gets a full snapshot. */
export const DELTA_WINDOW_MS = 5 * 60_000;

export function sectionOf(status: GameStatus): Section | null {
  if (status === 1) return "line";
  if (status === 2 || status === 3) return "live";
  return null;
}

interface Removal {
  version: number;
  at: number;
  gameId: number;
  section: Section;
  sportId: number;
  champId: number;
}

export class SportsStore {
  sports = new Map<number, SportRec>();
  countries = new Map<number, CountryRec>();
  champs = new Map<number, ChampRec>();
  teams = new Map<number, TeamRec>();
  /** Main market types per sport (sport_market_type.is_main). */
  mainTypes = new Map<number, Set<number>>();
  marketTypes = new Map<number, { id: number; key: string; group: string; sort: number }>();
  /** Open games: scheduled, line and live. Finished and cancelled games live in the database only. */
  games = new Map<number, GameRec>();
  /** Newest feed version this process has applied. */
  version = 0;
  /** The simulator's clock (the calendar's present) as of that version. */
  clockMs = 0;
  /** Versions at or above this one can get a delta (older removals are forgotten). */
  deltaFloor = 0;
  private removals: Removal[] = [];
  loaded = false;

  async load(db: Db): Promise<void> {
    const [sports, countries, types, main] = await Promise.all([
      db.selectFrom("sport").selectAll().orderBy("sort").execute(),
      db.selectFrom("sport_country").selectAll().execute(),
      db.selectFrom("market_type").selectAll().execute(),
      db.selectFrom("sport_market_type").selectAll().where("is_main", "=", true).execute(),
      this.loadChamps(db),
    ]);
    this.sports = new Map(sports.map((s) => [s.id, { id: s.id, slug: s.slug, name: s.name, kind: s.kind, model: s.model, sort: s.sort }]));
    this.countries = new Map(countries.map((c) => [c.id, { id: c.id, code: c.code, name: c.name, sort: c.sort }]));
    this.marketTypes = new Map(types.map((t) => [t.id, { id: t.id, key: t.key, group: t.group_key, sort: t.sort }]));
    this.mainTypes = new Map();
    for (const m of main) {
      if (!this.mainTypes.has(m.sport_id)) this.mainTypes.set(m.sport_id, new Set());
      this.mainTypes.get(m.sport_id)!.add(m.type_id);
    }
    const sim = await db.selectFrom("sports_sim").select(["feed_version", "clock_ms"]).executeTakeFirst();
    const version = sim?.feed_version ?? 0;
    this.clockMs = Number(sim?.clock_ms ?? 0);
    const games = await loadGames(db, (q) => q.where("status", "in", [0, 1, 2, 3]));
    this.games = new Map(games.map((g) => [g.id, g]));
    this.version = version;
    this.deltaFloor = version;
    this.removals = [];
    this.loaded = true;
  }

  /** Championships and teams: at start, and when the leader has added a league's next season. */
  async loadChamps(db: Db): Promise<void> {
    const [champs, teams] = await Promise.all([db.selectFrom("championship").selectAll().execute(), db.selectFrom("team").selectAll().execute()]);
    this.champs = new Map(champs.map((c) => [c.id, { id: c.id, sportId: c.sport_id, countryId: c.country_id, name: c.name, slug: c.slug, sort: c.sort, isTop: c.is_top, source: c.source, previousId: c.previous_id }]));
    this.teams = new Map(teams.map((t) => [t.id, { id: t.id, sportId: t.sport_id, countryId: t.country_id, name: t.name, slug: t.slug, rating: t.rating }]));
  }

  /** Follower: applies every game whose feed version is newer than ours. Returns the ids changed. */
  async refresh(db: Db, now = Date.now()): Promise<number[]> {
    const sim = await db.selectFrom("sports_sim").select(["feed_version", "clock_ms"]).executeTakeFirst();
    if (!sim || sim.feed_version <= this.version) return [];
    this.clockMs = Number(sim.clock_ms);
    const changed = await loadGames(db, (q) => q.where("feed_version", ">", this.version));
    if (changed.some((g) => !this.champs.has(g.champId))) await this.loadChamps(db);
    for (const game of changed) this.put(game, sim.feed_version, now);
    this.version = sim.feed_version;
    return changed.map((g) => g.id);
  }

  /** Replaces (or adds, or drops when finished) one game, remembering when it left a section. */
  put(game: GameRec, version: number, now = Date.now()): void {
    const old = this.games.get(game.id);
    const before = old ? sectionOf(old.status) : null;
    const after = sectionOf(game.status);
    if (before && before !== after) this.removals.push({ version, at: now, gameId: game.id, section: before, sportId: game.sportId, champId: game.champId });
    if (game.status === 4 || game.status === 5) this.games.delete(game.id);
    else this.games.set(game.id, game);
    this.trim(now);
  }

  /** Leader: records that a game it changed in memory left a section. */
  noteRemoval(game: GameRec, from: Section, version: number, now = Date.now()): void {
    this.removals.push({ version, at: now, gameId: game.id, section: from, sportId: game.sportId, champId: game.champId });
    this.trim(now);
  }

  private trim(now: number) {
    let cut = 0;
    while (cut < this.removals.length && now - this.removals[cut]!.at > DELTA_WINDOW_MS) cut++;
    if (cut) {
      this.deltaFloor = Math.max(this.deltaFloor, this.removals[cut - 1]!.version);
      this.removals.splice(0, cut);
    }
  }

  removalsSince(since: number, section: Section, sportId: number | null, champId: number | null): Removal[] {
    return this.removals.filter((r) => r.version > since && r.section === section && (sportId === null || r.sportId === sportId) && (champId === null || r.champId === champId));
  }

  /** The main markets of a list page: the sport's main types, whole game, the middle line of each. */
  mainMarkets(game: GameRec): MarketRec[] {
    const types = this.mainTypes.get(game.sportId);
    const out: MarketRec[] = [];
    const byType = new Map<number, MarketRec[]>();
    for (const m of game.markets) {
      if (m.period !== 0 || !types?.has(m.typeId)) continue;
      if (!byType.has(m.typeId)) byType.set(m.typeId, []);
      byType.get(m.typeId)!.push(m);
    }
    for (const [typeId, list] of byType) {
      if (typeId === MARKET.total || typeId === MARKET.handicap) out.push(mainLine(list));
      else out.push(...list);
    }
    return out.sort((a, b) => (this.marketTypes.get(a.typeId)?.sort ?? 0) - (this.marketTypes.get(b.typeId)?.sort ?? 0));
  }
}
type GameSelect = ReturnType<typeof gameSelect>;

/** Loads games (with markets and outcomes) matching a filter on the game table. */
export async function loadGames(
  db: Db,
  filter: (q: GameSelect) => GameSelect,
  withMarkets = true,
): Promise<GameRec[]> {
  const rows = await filter(gameSelect(db)).execute();
  if (!rows.length) return [];
  if (!withMarkets) return rows.map((r) => gameRec(r, []));
  const ids = rows.map((r) => r.id);
  const idList = sql.join(ids);
  const markets = await db
    .selectFrom("market")
    .selectAll()
    .where(sql<boolean>`game_id in (${idList})`)
    .orderBy("id")
    .execute();
  const outcomes = await db
    .selectFrom("outcome")
    .selectAll()
    .where(sql<boolean>`game_id in (${idList})`)
    .orderBy("market_id")
    .orderBy("sort")
    .execute();
  const byMarket = new Map<number, MarketRec>();
  const byGame = new Map<number, MarketRec[]>();
  for (const m of markets) {
    const rec: MarketRec = { id: m.id, gameId: m.game_id, typeId: m.type_id, period: m.period, param: m.param, version: m.version, blocked: m.blocked, settled: m.settled_at !== null, feedVersion: m.feed_version, outcomes: [] };
    byMarket.set(m.id, rec);
    if (!byGame.has(m.game_id)) byGame.set(m.game_id, []);
    byGame.get(m.game_id)!.push(rec);
  }
  for (const o of outcomes) byMarket.get(o.market_id)?.outcomes.push({ id: o.id, typeId: o.type_id, key: o.key, coef: o.coef, blocked: o.blocked, result: o.result, sort: o.sort });
  return rows.map((r) => gameRec(r, byGame.get(r.id) ?? []));
}

type GameRow = Awaited<ReturnType<GameSelect["execute"]>>[number];

function gameRec(r: GameRow, markets: MarketRec[]): GameRec {
  return {
    id: r.id,
    sportId: r.sport_id,
    champId: r.champ_id,
    homeTeamId: r.home_team_id,
    awayTeamId: r.away_team_id,
    runners: r.runners,
    startAtMs: new Date(r.start_at).getTime(),
    status: r.status,
    gameTimeSec: r.game_time_sec,
    period: r.period,
    scores: r.scores,
    hasVideo: r.has_video,
    isTop: r.is_top,
    round: r.round,
    source: r.source,
    sim: (r.sim as SimState | null) ?? null,
    finishedAtMs: r.finished_at ? new Date(r.finished_at).getTime() : null,
    feedVersion: r.feed_version,
    markets,
  };
}

function gameSelect(db: Db) {
  return db.selectFrom("game").selectAll();
}

/**
 * The main line of a game's totals or handicaps: the one whose two prices are closest, as a
 * bookmaker's list shows (a line far from the game's strength is 1.01 against 19). Ties go to the
 * line planned first, so the choice stays put while prices are level.
 */
export function mainLine(lines: MarketRec[]): MarketRec {
  let best = lines[0]!;
  let bestGap = Number.POSITIVE_INFINITY;
  for (const market of lines) {
    const coefs = market.outcomes.map((o) => o.coef);
    const gap = coefs.length === 2 ? Math.abs(coefs[0]! - coefs[1]!) : Number.POSITIVE_INFINITY;
    if (gap < bestGap) {
      best = market;
      bestGap = gap;
    }
  }
  return best;
}
