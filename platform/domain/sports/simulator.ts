// The live simulator (decision 016): on each step it moves the simulated clock, plays live games
// forward (engine.ts), re-prices their markets, blocks them after goals, finishes games (settling
// every outcome, then calling the "game finished" hooks inside the same transaction), starts line
// games so enough stay live, and opens the markets of games entering the line horizon. Only the
// leader runs it; every write is fenced by its advisory lock.

import { sql } from "kysely";
import type { Db } from "../../db/index.ts";
import type { Clock } from "../clock.ts";
import { advanceGame, forceScore, gameState, jumpGame, matchOver, newSim } from "./engine.ts";
import { bulkInsert, bulkUpdate, insertGames } from "./bulk.ts";
import { GEN_AHEAD_MS, roundEveryMs, scheduleRound } from "./fixtures.ts";
import { openMarkets } from "./lines.ts";
import { hasOutright, openOutright, priceOutright, tableFrom, tableOrder, titleProbabilities } from "./outright.ts";
import { advanceRace, priceRace, settleRace } from "./race.ts";
import { RACES_AHEAD_MS, plannedRaces } from "./race-timetable.ts";
import { type Ratings, priceMarkets, settleMarkets } from "./pricing.ts";
import { Random, mixSeed } from "./random.ts";
import { type GoalsRules, type RaceRules, type SportRules, SPORT_BY_ID, isRace } from "./sports.ts";
import type { SportsStore } from "./store.ts";
import { NEXT_SEASON_AHEAD_MS, nextSeason, seasonName } from "./seasons.ts";
import { type ChampRec, type GameRec, type MarketRec, finalScore, slugify } from "./types.ts";

/** Markets open this long before the start (status 0 → 1). */
export const LINE_HORIZON_MS = 7 * 86_400_000;
/** A live game without events is still re-priced this often (game seconds): time moves odds. */
const REPRICE_EVERY_SEC = 10;
/** Longest single step; a long advance is cut into steps so games finishing mid-way are replaced. */
const MAX_STEP_MS = 300_000;
/** How often (simulated) generated championships get their next rounds scheduled. */
const REPLENISH_EVERY_MS = 3_600_000;

/** A football league's season in progress (decision 014): its clubs and its last fixture's kick-off. */
interface LeagueSeason {
  champId: number;
  clubs: number[];
  lastStartMs: number;
}

/** A generated championship's players or clubs, its last scheduled kick-off and rounds so far. */
interface GeneratedChamp {
  champId: number;
  sportId: number;
  roster: number[];
  lastStartMs: number;
  rounds: number;
}

export interface GameFinished {
  gameId: number;
  sportId: number;
  champId: number;
  /** 4 finished, 5 cancelled. */
  status: 4 | 5;
  score: { home: number; away: number } | null;
  scores: [number, number][];
  finishedAt: Date;
}

export type GameFinishedHandler = (trx: Db, event: GameFinished) => Promise<void>;

export interface SimulatorOptions {
  speed: number;
  minLive: number;
  /** The calendar's present, which a running clock that fell behind catches up with. */
  clock: Clock;
}

export interface StepResult {
  version: number;
  finished: number[];
}

type Fence = (trx: Db) => Promise<boolean>;

export class NotLeaderError extends Error {
  constructor() {
    super("this process is not the simulator's leader");
  }
}

export class Simulator {
  clockMs = 0;
  paused = false;
  seed = 1;
  private ids = { game: 1, market: 1, outcome: 1 };
  private chain: Promise<unknown> = Promise.resolve();
  private lastWall = Date.now();
  private pendingFinish = new Set<GameRec>();
  private generated: GeneratedChamp[] = [];
  /** The football leagues' current seasons, each followed by a rebuilt one as its end nears. */
  private seasons: LeagueSeason[] = [];
  private nextReplenishMs = 0;
  /** Start of the last race scheduled on each track (race championship). */
  private lastRace = new Map<number, number>();
  /** Championships that finished a game since their outright was last priced (null: all, at start). */
  private outrightDirty: Set<number> | null = null;
  /** Games the createGame hook has made, for each its own pairing. */
  private created = 0;
  /** Set when a fenced write found the lock gone: the service steps down. */
  lostLeadership = false;

  constructor(
    private db: Db,
    private store: SportsStore,
    private options: SimulatorOptions,
    private hooks: GameFinishedHandler[],
    private fence: Fence,
  ) {}

  async init(): Promise<void> {
    const row = await this.db.selectFrom("sports_sim").selectAll().executeTakeFirst();
    if (!row) return;
    this.clockMs = Number(row.clock_ms);
    this.paused = row.paused;
    this.seed = row.seed;
    this.ids = { game: row.next_game_id, market: row.next_market_id, outcome: row.next_outcome_id };
    this.lastWall = Date.now();
    // A running real-time clock that fell behind (no leader for a while, a restart days later)
    // catches up with the calendar's present: the first step plays the missed time.
    const present = this.options.clock.now();
    if (!this.paused && this.options.speed === 1 && this.clockMs < present) this.clockMs = present;
    // The feed tells the site the present it follows, from the first answer on.
    this.store.clockMs = this.clockMs;
    // Rosters and last kick-offs of the generated championships, for their next rounds.
    const rows = await this.db
      .selectFrom("game")
      .innerJoin("championship", "championship.id", "game.champ_id")
      .where("championship.source", "=", "generated")
      .select(["game.champ_id", "game.sport_id", "game.home_team_id", "game.away_team_id", "game.start_at"])
      .execute();
    const byChamp = new Map<number, GeneratedChamp & { teams: Set<number>; games: number }>();
    for (const r of rows) {
      let c = byChamp.get(r.champ_id);
      if (!c) {
        c = { champId: r.champ_id, sportId: r.sport_id, roster: [], lastStartMs: 0, rounds: 0, teams: new Set(), games: 0 };
        byChamp.set(r.champ_id, c);
      }
      if (r.home_team_id !== null && r.away_team_id !== null) c.teams.add(r.home_team_id).add(r.away_team_id);
      c.games++;
      c.lastStartMs = Math.max(c.lastStartMs, new Date(r.start_at).getTime());
    }
    const races = await this.db
      .selectFrom("game")
      .where("runners", "is not", null)
      .select(["champ_id", (eb) => eb.fn.max("start_at").as("last")])
      .groupBy("champ_id")
      .execute();
    this.lastRace = new Map(races.map((r) => [r.champ_id, new Date(r.last as Date | string).getTime()]));
    // Each football league's latest season: an openfootball or rebuilt one no season follows yet.
    const latest = await this.db
      .selectFrom("game")
      .innerJoin("championship as c", "c.id", "game.champ_id")
      .where("c.source", "in", ["openfootball", "rebuilt"])
      .where((eb) => eb.not(eb.exists(eb.selectFrom("championship as n").select("n.id").whereRef("n.previous_id", "=", "c.id"))))
      .where("game.runners", "is", null)
      .select(["game.champ_id", "game.home_team_id", "game.away_team_id", "game.start_at"])
      .execute();
    const seasons = new Map<number, LeagueSeason & { set: Set<number> }>();
    for (const r of latest) {
      let s = seasons.get(r.champ_id);
      if (!s) seasons.set(r.champ_id, (s = { champId: r.champ_id, clubs: [], set: new Set(), lastStartMs: 0 }));
      if (r.home_team_id !== null && r.away_team_id !== null) s.set.add(r.home_team_id).add(r.away_team_id);
      s.lastStartMs = Math.max(s.lastStartMs, new Date(r.start_at).getTime());
    }
    this.seasons = [...seasons.values()].map((s) => ({ champId: s.champId, clubs: [...s.set].sort((a, b) => a - b), lastStartMs: s.lastStartMs })).sort((a, b) => a.champId - b.champId);
    this.generated = [...byChamp.values()]
      .map((c) => ({ champId: c.champId, sportId: c.sportId, roster: [...c.teams].sort((a, b) => a - b), lastStartMs: c.lastStartMs, rounds: Math.round(c.games / Math.max(1, Math.floor(c.teams.size / 2))) }))
      .sort((a, b) => a.champId - b.champId);
  }

  /** Schedules the next rounds of generated championships up to five days ahead of the clock. */
  private replenish(clock: number, version: number): GameRec[] {
    if (clock < this.nextReplenishMs) return [];
    this.nextReplenishMs = clock + REPLENISH_EVERY_MS;
    const added: GameRec[] = [];
    for (const champ of this.generated) {
      const rules = SPORT_BY_ID.get(champ.sportId);
      const meta = this.store.champs.get(champ.champId);
      if (!rules || !meta || champ.roster.length < 2) continue;
      const every = roundEveryMs(rules);
      while (champ.lastStartMs + every < clock + GEN_AHEAD_MS) {
        const day = Math.floor((champ.lastStartMs + every) / 86_400_000) * 86_400_000;
        champ.rounds++;
        const rnd = new Random(mixSeed(this.seed, champ.champId, champ.rounds));
        let last = champ.lastStartMs + every;
        for (const f of scheduleRound(rules, champ.roster, day, champ.rounds, rnd)) {
          const game: GameRec = {
            id: this.ids.game++,
            sportId: champ.sportId,
            champId: champ.champId,
            homeTeamId: f.homeTeamId,
            awayTeamId: f.awayTeamId,
            runners: null,
            startAtMs: f.startAtMs,
            status: 1,
            gameTimeSec: 0,
            period: 0,
            scores: [],
            hasVideo: f.hasVideo,
            isTop: meta.isTop,
            round: `Round ${champ.rounds}`,
            source: "generated",
            sim: null,
            finishedAtMs: null,
            feedVersion: version,
            markets: [],
          };
          game.markets = openMarkets(rules, this.ratings(game), game.id, this.ids, version);
          added.push(game);
          last = Math.max(last, f.startAtMs);
        }
        champ.lastStartMs = last;
      }
    }
    for (const game of added) this.store.games.set(game.id, game);
    return added;
  }

  /**
   * The next season of each football league whose last fixture is near (decision 014): a new
   * championship following the old one, its fixtures scheduled (status 0; each opens its markets
   * as it enters the line's horizon). Checked with the generated rounds, every simulated hour.
   */
  private nextSeasons(clock: number, version: number): { champs: ChampRec[]; games: GameRec[] } {
    const out = { champs: [] as ChampRec[], games: [] as GameRec[] };
    for (const [i, season] of this.seasons.entries()) {
      const previous = this.store.champs.get(season.champId);
      if (!previous || season.clubs.length < 2 || season.lastStartMs >= clock + NEXT_SEASON_AHEAD_MS) continue;
      let root = previous;
      while (root.previousId !== null) root = this.store.champs.get(root.previousId) ?? { ...root, previousId: null };
      const next = nextSeason({ teams: season.clubs, lastMs: season.lastStartMs, nowMs: clock, seed: this.seed, previousId: previous.id });
      const name = seasonName(root.name, next.label);
      const champ: ChampRec = { ...previous, id: Math.max(0, ...this.store.champs.keys()) + 1, name, slug: slugify(name), source: "rebuilt", previousId: previous.id };
      this.store.champs.set(champ.id, champ);
      out.champs.push(champ);
      for (const f of next.fixtures) {
        const game: GameRec = {
          id: this.ids.game++,
          sportId: previous.sportId,
          champId: champ.id,
          homeTeamId: f.homeTeamId,
          awayTeamId: f.awayTeamId,
          runners: null,
          startAtMs: f.startAtMs,
          status: 0,
          gameTimeSec: 0,
          period: 0,
          scores: [],
          hasVideo: false,
          isTop: champ.isTop,
          round: f.round,
          source: "rebuilt",
          sim: null,
          finishedAtMs: null,
          feedVersion: version,
          markets: [],
        };
        this.store.games.set(game.id, game);
        out.games.push(game);
      }
      this.seasons[i] = { champId: champ.id, clubs: season.clubs, lastStartMs: Math.max(...next.fixtures.map((f) => f.startAtMs)) };
    }
    return out;
  }

  /**
   * Races of every track up to RACES_AHEAD_MS ahead, one every `everyMin` minutes, tracks offset
   * by two minutes, each with its field drawn from the sport's runners and its markets open.
   */
  private scheduleRaces(clock: number, version: number): GameRec[] {
    const added: GameRec[] = [];
    const tracks = [...this.store.champs.values()].filter((c) => isRace(SPORT_BY_ID.get(c.sportId))).sort((a, b) => a.id - b.id);
    tracks.forEach((track, index) => {
      const rules = SPORT_BY_ID.get(track.sportId) as RaceRules;
      const roster = [...this.store.teams.values()].filter((t) => t.sportId === track.sportId).map((t) => t.id).sort((a, b) => a - b);
      const after = Math.max(this.lastRace.get(track.id) ?? 0, clock);
      const rating = (id: number) => this.store.teams.get(id)?.rating ?? 1000;
      const races = plannedRaces(rules, { id: track.id, sportId: track.sportId, index }, roster, rating, this.seed, after, clock + RACES_AHEAD_MS, this.ids, version);
      for (const race of races) this.lastRace.set(track.id, race.startAtMs);
      added.push(...races);
    });
    for (const game of added) this.store.games.set(game.id, game);
    return added;
  }

  /**
   * Outrights (decision 041): the top championships with a season that ends (the openfootball
   * leagues) get a winner market priced from their table and the fixtures left. While a game of
   * the league is on, its outright is suspended (the result would move it); once the league's
   * games are over, an outright whose league finished a game since its last pricing is repriced
   * and reopened, or, with no fixture left, settled from the final table.
   */
  private async outrights(version: number): Promise<{ added: GameRec[]; changed: GameRec[]; dirty: MarketRec[]; done: GameRec[] }> {
    const out = { added: [] as GameRec[], changed: [] as GameRec[], dirty: [] as MarketRec[], done: [] as GameRec[] };
    const stale = this.outrightDirty;
    const stillStale = new Set<number>();
    const champs = [...this.store.champs.values()].filter((c) => hasOutright(c, SPORT_BY_ID.get(c.sportId)));
    const touch = (outright: GameRec, market: MarketRec) => {
      market.version++;
      market.feedVersion = version;
      out.dirty.push(market);
      out.changed.push(outright);
    };
    for (const champ of champs) {
      const rules = SPORT_BY_ID.get(champ.sportId) as GoalsRules;
      const games = [...this.store.games.values()].filter((g) => g.champId === champ.id);
      const outright = games.find((g) => g.source === "outright") ?? null;
      const market = outright?.markets[0] ?? null;
      const due = stale === null || stale.has(champ.id) || !outright;
      const left = games.filter((g) => g.source !== "outright" && g.homeTeamId !== null && g.awayTeamId !== null);
      if (left.some((g) => g.status === 2 || g.status === 3)) {
        if (outright && market && !market.blocked) {
          market.blocked = true;
          touch(outright, market);
        }
        if (due) stillStale.add(champ.id);
        continue;
      }
      if (!due || (!left.length && !outright)) continue;
      const played = await this.db
        .selectFrom("game")
        .select(["home_team_id", "away_team_id", "score_home", "score_away"])
        .where("champ_id", "=", champ.id)
        .where("status", "=", 4)
        .where("runners", "is", null)
        .execute();
      const results = played.flatMap((r) => (r.home_team_id !== null && r.away_team_id !== null && r.score_home !== null && r.score_away !== null ? [{ homeTeamId: r.home_team_id, awayTeamId: r.away_team_id, home: r.score_home, away: r.score_away }] : []));
      if (!left.length) {
        // The season is over: the table decides, first place wins.
        const order = tableOrder(tableFrom(outright!.runners!.map((r) => r.teamId), results)).map((r) => r.teamId);
        for (const runner of outright!.runners!) runner.place = order.indexOf(runner.teamId) + 1;
        out.done.push(outright!);
        continue;
      }
      const rating = (id: number) => this.store.teams.get(id)?.rating ?? 1000;
      const fixtures = left.map((g) => ({ homeTeamId: g.homeTeamId!, awayTeamId: g.awayTeamId!, startAtMs: g.startAtMs }));
      // Seeded by the table's state, so a repricing is the same in whichever process leads.
      const seed = mixSeed(this.seed, champ.id, results.length);
      if (!outright || !market) {
        const game = openOutright(rules, champ, results, fixtures, rating, seed, this.ids, version);
        this.store.games.set(game.id, game);
        out.added.push(game);
        continue;
      }
      const teams = outright.runners!.map((r) => r.teamId);
      const priced = priceOutright(titleProbabilities(rules, tableFrom(teams, results), fixtures, rating, seed));
      let changed = market.blocked !== priced.decided;
      market.outcomes.forEach((o, i) => {
        const coef = priced.outcomes[i]?.coef ?? o.coef;
        if (o.coef !== coef) {
          o.coef = coef;
          changed = true;
        }
      });
      market.blocked = priced.decided;
      if (changed) touch(outright, market);
    }
    this.outrightDirty = stillStale;
    return out;
  }

  get ready(): boolean {
    return this.clockMs > 0;
  }

  /** Resolves when the step in progress (if any) is done. */
  idle(): Promise<void> {
    return this.chain.then(() => undefined);
  }

  /** One run at a time: ticks and test hooks queue behind each other. */
  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.chain.then(work, work);
    this.chain = next.catch(() => undefined);
    return next;
  }

  /** The timer's tick: the clock moves by the wall time since the last tick (times the speed). */
  tick(): Promise<StepResult | null> {
    return this.serial(async () => {
      const wall = Date.now();
      const elapsed = wall - this.lastWall;
      this.lastWall = wall;
      if (!this.ready || this.paused) return null;
      return this.step(Math.round(elapsed * this.options.speed));
    });
  }

  /** Test hook: moves the clock by exactly `seconds`, in steps. */
  advance(seconds: number): Promise<StepResult> {
    return this.serial(async () => {
      let left = Math.round(seconds * 1000);
      const finished: number[] = [];
      let version = this.store.version;
      do {
        const dt = Math.min(MAX_STEP_MS, left);
        const r = await this.step(dt);
        finished.push(...r.finished);
        version = r.version;
        left -= dt;
      } while (left > 0);
      return { version, finished };
    });
  }

  setPaused(paused: boolean): Promise<void> {
    return this.serial(async () => {
      this.paused = paused;
      this.lastWall = Date.now();
      await this.db.updateTable("sports_sim").set({ paused, updated_at: sql<Date>`now()` }).where("id", "=", 1).execute();
    });
  }

  private rules(game: GameRec): SportRules {
    return SPORT_BY_ID.get(game.sportId)!;
  }

  private ratings(game: GameRec): Ratings {
    const rating = (id: number | null) => (id === null ? undefined : this.store.teams.get(id)?.rating) ?? 1000;
    return { home: rating(game.homeTeamId), away: rating(game.awayTeamId) };
  }

  /** A race's ratings in lane order. */
  private runnerRatings(game: GameRec): number[] {
    return (game.runners ?? []).map((r) => this.store.teams.get(r.teamId)?.rating ?? 1000);
  }

  /** Plays a live game (or race) up to `toWall` seconds after its start. */
  private move(game: GameRec, toWall: number) {
    const rules = this.rules(game);
    if (isRace(rules)) return advanceRace(game as GameRec & { runners: NonNullable<GameRec["runners"]> }, rules, this.runnerRatings(game), this.seed, toWall);
    return advanceGame(game, rules, this.ratings(game), this.seed, toWall);
  }

  /** Re-prices a live game's markets; marks those whose coefficients or blocked state changed. */
  private reprice(game: GameRec, version: number, dirty: Set<MarketRec>) {
    const rules = this.rules(game);
    const priced = isRace(rules)
      ? priceRace(rules, game.runners ?? [], this.runnerRatings(game), game.markets, true)
      : priceMarkets(rules, this.ratings(game), gameState(game, rules), game.markets, true);
    const suspended = !!game.sim && game.sim.blockedUntil > game.gameTimeSec;
    game.markets.forEach((market, i) => {
      const p = priced[i]!;
      const blocked = p.decided || suspended;
      let changed = market.blocked !== blocked;
      if (!blocked) {
        market.outcomes.forEach((o, j) => {
          const coef = p.outcomes[j]?.coef ?? o.coef;
          if (o.coef !== coef) {
            o.coef = coef;
            changed = true;
          }
          // An outcome already known (a marble over the line in the top 3) closes on its own.
          const known = p.outcomes[j]?.decided === true;
          if (o.blocked !== known) {
            o.blocked = known;
            changed = true;
          }
        });
      }
      if (changed) {
        market.blocked = blocked;
        market.version++;
        market.feedVersion = version;
        dirty.add(market);
      }
    });
    if (game.sim) game.sim.pricedAt = game.gameTimeSec;
  }

  private startLive(game: GameRec, version: number) {
    this.store.noteRemoval(game, "line", version);
    game.status = 2;
    game.sim = newSim(this.seed, game.id);
  }

  private async step(dtMs: number): Promise<StepResult> {
    const clock = this.clockMs + Math.max(0, dtMs);
    const version = this.store.version + 1;
    const dirtyGames = new Set<GameRec>();
    const dirtyMarkets = new Set<MarketRec>();
    const newMarkets: MarketRec[] = [];
    const finishing: GameRec[] = [...this.pendingFinish];
    const games = [...this.store.games.values()];

    // Line games whose start time has come go live.
    for (const game of games) {
      // An outright is not played: it stays in the line until its season's table settles it.
      if (game.status === 1 && game.startAtMs <= clock && game.source !== "outright") {
        this.startLive(game, version);
        dirtyGames.add(game);
      }
    }
    // Live games move.
    for (const game of games) {
      if (game.status !== 2 && game.status !== 3) continue;
      const before = game.gameTimeSec;
      const wasSuspended = !!game.sim && game.sim.blockedUntil > before;
      const happened = this.move(game, Math.max(0, (clock - game.startAtMs) / 1000));
      if (happened.finished) {
        finishing.push(game);
        continue;
      }
      if (happened.scored || happened.periodChanged || game.gameTimeSec !== before) dirtyGames.add(game);
      const unsuspended = wasSuspended && game.sim!.blockedUntil <= game.gameTimeSec;
      // A race lasts a minute: its prices follow every second of it.
      const raceMoved = game.runners !== null && game.gameTimeSec !== before;
      if (happened.scored || happened.periodChanged || unsuspended || raceMoved || game.sim!.pricedAt < 0 || game.gameTimeSec - game.sim!.pricedAt >= REPRICE_EVERY_SEC) {
        this.reprice(game, version, dirtyMarkets);
        dirtyGames.add(game);
      }
    }
    // Enough live games (counting those that just finished as gone): the earliest line games start
    // now. Races keep their timetable and do not count.
    let live = games.filter((g) => (g.status === 2 || g.status === 3) && !g.runners).length;
    if (live < this.options.minLive) {
      const line = games.filter((g) => g.status === 1 && !g.runners).sort((a, b) => a.startAtMs - b.startAtMs || a.id - b.id);
      for (const game of line) {
        if (live >= this.options.minLive) break;
        game.startAtMs = clock;
        this.startLive(game, version);
        this.move(game, 0);
        this.reprice(game, version, dirtyMarkets);
        dirtyGames.add(game);
        live++;
      }
    }
    // Games entering the line horizon get their markets.
    for (const game of games) {
      if (game.status === 0 && game.startAtMs <= clock + LINE_HORIZON_MS) {
        game.markets = openMarkets(this.rules(game), this.ratings(game), game.id, this.ids, version);
        game.status = 1;
        newMarkets.push(...game.markets);
        dirtyGames.add(game);
      }
    }
    const seasons = await this.outrights(version);
    for (const market of seasons.dirty) dirtyMarkets.add(market);
    for (const game of seasons.changed) dirtyGames.add(game);
    finishing.push(...seasons.done);
    const leagues = clock >= this.nextReplenishMs ? this.nextSeasons(clock, version) : { champs: [], games: [] };
    const added = [...this.replenish(clock, version), ...leagues.games, ...this.scheduleRaces(clock, version), ...seasons.added];
    for (const game of dirtyGames) game.feedVersion = version;
    for (const market of dirtyMarkets) market.feedVersion = version;

    const changed = dirtyGames.size > 0 || finishing.length > 0 || added.length > 0;
    await this.db.transaction().execute(async (trx) => {
      if (!(await this.fence(trx))) throw new LeadershipLost();
      await writeGameRows(trx, [...dirtyGames].filter((g) => !finishing.includes(g)));
      await writeMarketRows(trx, [...dirtyMarkets]);
      if (newMarkets.length) await insertMarkets(trx, newMarkets);
      if (leagues.champs.length) await insertChamps(trx, leagues.champs);
      if (added.length) await insertGames(trx, added);
      await trx
        .updateTable("sports_sim")
        .set({
          clock_ms: clock,
          feed_version: changed ? version : this.store.version,
          next_game_id: this.ids.game,
          next_market_id: this.ids.market,
          next_outcome_id: this.ids.outcome,
          updated_at: sql<Date>`now()`,
        })
        .where("id", "=", 1)
        .execute();
    }).catch((error: unknown) => {
      if (error instanceof LeadershipLost) this.lostLeadership = true;
      throw error;
    });
    this.clockMs = clock;
    if (changed) {
      this.store.version = version;
      this.store.clockMs = clock;
    }

    // Each finish in a transaction of its own, with the settlement hooks.
    const finished: number[] = [];
    for (const game of finishing) {
      try {
        await this.finish(game, 4, new Date(clock));
        finished.push(game.id);
      } catch (error) {
        console.error(`[platform] finishing game ${game.id} failed; retried on the next tick`, error);
        this.pendingFinish.add(game);
      }
    }
    return { version: this.store.version, finished };
  }

  /**
   * Finishes (4) or cancels (5) a game: settles every outcome (1 win, 0 lose, 2 return), blocks
   * its markets, writes it, and runs the hooks in the same transaction.
   */
  private async finish(game: GameRec, status: 4 | 5, at: Date): Promise<void> {
    const rules = this.rules(game);
    game.status = status;
    const results =
      status === 5
        ? game.markets.map((m) => m.outcomes.map(() => 2))
        : game.runners
          ? settleRace(game.runners, game.markets)
          : settleMarkets(rules, this.ratings(game), gameState(game, rules), game.markets);
    const version = this.store.version + 1;
    const wasLive = game.sim !== null;
    game.markets.forEach((market, i) => {
      market.outcomes.forEach((o, j) => {
        o.result = results[i]![j] ?? 2;
      });
      market.blocked = true;
      market.settled = true;
      market.version++;
      market.feedVersion = version;
    });
    game.feedVersion = version;
    game.finishedAtMs = at.getTime();
    const event: GameFinished = { gameId: game.id, sportId: game.sportId, champId: game.champId, status, score: status === 4 ? finalScore(game.scores) : null, scores: game.scores, finishedAt: at };
    await this.db.transaction().execute(async (trx) => {
      if (!(await this.fence(trx))) throw new LeadershipLost();
      await writeGameRows(trx, [game]);
      await writeMarketRows(trx, game.markets, true);
      await trx.updateTable("sports_sim").set({ feed_version: version }).where("id", "=", 1).execute();
      for (const hook of this.hooks) await hook(trx, event);
    });
    this.pendingFinish.delete(game);
    this.outrightDirty?.add(game.champId);
    this.store.games.delete(game.id);
    this.store.noteRemoval(game, wasLive ? "live" : "line", version);
    this.store.version = version;
  }

  // ---------------------------------------------------------------- test hooks

  forceGoal(gameId: number, side: 1 | 2): Promise<GameRec | null> {
    return this.serial(async () => {
      const game = this.store.games.get(gameId);
      if (!game) return null;
      if (game.status !== 2 && game.status !== 3) throw new StateError("the game is not live");
      const rules = this.rules(game);
      if (isRace(rules)) throw new StateError("a race has no goals");
      forceScore(game, rules, side);
      if (matchOver(rules, game.scores)) {
        await this.finish(game, 4, new Date(this.clockMs));
        return game;
      }
      await this.commitOne(game);
      return game;
    });
  }

  /**
   * Sets a game's state: status 2 starts it now, 4 finishes it (settling), 5 cancels it; scores
   * replace the score; a game time puts a live game there at once, without playing the time in
   * between (no goal happens in the span skipped: the score is the one set, or kept), so a test
   * gets exactly the game it asks for whatever the game's teams. A race is the exception: its
   * state is where its marbles are, so a race time plays the race up to it.
   */
  setState(gameId: number, patch: { status?: number; gameTimeSec?: number; scores?: [number, number][] }): Promise<GameRec | null> {
    return this.serial(async () => {
      const game = this.store.games.get(gameId);
      if (!game) return null;
      if (patch.scores && game.runners) throw new StateError("a race has no scores");
      if (patch.status === 4 || patch.status === 5) {
        if (patch.scores) game.scores = patch.scores.map((s) => [s[0], s[1]]);
        await this.finish(game, patch.status, new Date(this.clockMs));
        return game;
      }
      if (patch.status === 2 && (game.status === 0 || game.status === 1)) {
        if (game.status === 0) game.markets = openMarkets(this.rules(game), this.ratings(game), game.id, this.ids, this.store.version + 1);
        const version = this.store.version + 1;
        const fresh = game.status === 0;
        game.startAtMs = this.clockMs;
        this.startLive(game, version);
        if (fresh) await this.db.transaction().execute((trx) => insertMarkets(trx, game.markets));
      } else if (patch.status !== undefined && patch.status !== game.status) {
        throw new StateError(`cannot move a game from status ${game.status} to ${patch.status}`);
      }
      if (patch.scores) {
        if (game.status !== 2 && game.status !== 3) throw new StateError("only a live game has a score");
        game.scores = patch.scores.map((s) => [s[0], s[1]]);
      }
      if (patch.gameTimeSec !== undefined) {
        if (game.status !== 2 && game.status !== 3) throw new StateError("only a live game has a game time");
        const rules = this.rules(game);
        // Move the start so the clock puts the game at that time.
        const wall = rules.model === "sets" ? patch.gameTimeSec : wallFor(rules, patch.gameTimeSec);
        game.startAtMs = this.clockMs - wall * 1000;
        if (isRace(rules)) {
          if (this.move(game, wall).finished) {
            await this.finish(game, 4, new Date(this.clockMs));
            return game;
          }
        } else {
          const timed = rules.model === "goals" || rules.model === "points";
          if (timed && wall >= rules.periods * rules.periodSec + (rules.periods - 1) * rules.breakSec) throw new StateError("that game time is past the end: finish the game with status 4");
          jumpGame(game, rules, this.ratings(game), this.seed, wall);
        }
      }
      if (game.scores.length && matchOver(this.rules(game), game.scores)) {
        await this.finish(game, 4, new Date(this.clockMs));
        return game;
      }
      await this.commitOne(game);
      return game;
    });
  }

  /**
   * Test hook: sets a market's coefficients (hundredths, in outcome order) and whether it is
   * suspended, as a trader would. The simulator prices it again on its next event or re-pricing
   * of a live game; a paused one leaves it as set.
   */
  setMarket(marketId: number, patch: { coefs?: number[]; blocked?: boolean }): Promise<{ game: GameRec; market: MarketRec } | null> {
    return this.serial(async () => {
      let found: { game: GameRec; market: MarketRec } | null = null;
      for (const game of this.store.games.values()) {
        const market = game.markets.find((m) => m.id === marketId);
        if (market) found = { game, market };
        if (found) break;
      }
      if (!found) return null;
      const { game, market } = found;
      if (patch.coefs && patch.coefs.length !== market.outcomes.length) throw new StateError(`the market has ${market.outcomes.length} outcomes`);
      const version = this.store.version + 1;
      patch.coefs?.forEach((coef, i) => (market.outcomes[i]!.coef = coef));
      if (patch.blocked !== undefined) market.blocked = patch.blocked;
      market.version++;
      market.feedVersion = version;
      game.feedVersion = version;
      await this.db.transaction().execute(async (trx) => {
        if (!(await this.fence(trx))) throw new LeadershipLost();
        await writeGameRows(trx, [game]);
        await writeMarketRows(trx, [market]);
        await trx.updateTable("sports_sim").set({ feed_version: version }).where("id", "=", 1).execute();
      });
      this.store.version = version;
      return found;
    });
  }

  /**
   * Test hook: a new game of a sport on the line, its markets open, kicking off `startInSec`
   * after the clock, between two teams of a championship of the sport: the one asked for, or the
   * first one without an outright (a game of its own suspends nobody's outright, decision 041).
   * A test that makes its own game shares it with no other test and depends on no day's fixtures.
   */
  createGame(input: { sportId: number; champId?: number; startInSec: number }): Promise<GameRec> {
    return this.serial(async () => {
      const rules = SPORT_BY_ID.get(input.sportId);
      if (!rules) throw new StateError("no such sport");
      if (isRace(rules)) throw new StateError("races keep their timetable");
      const champs = [...this.store.champs.values()]
        .filter((c) => c.sportId === input.sportId && (input.champId === undefined ? !hasOutright(c, rules) : c.id === input.champId))
        .sort((a, b) => a.sort - b.sort || a.id - b.id);
      const champ = champs[0];
      if (!champ) throw new StateError("no such championship of the sport");
      const rows = await this.db.selectFrom("game").select(["home_team_id", "away_team_id"]).where("champ_id", "=", champ.id).where("runners", "is", null).execute();
      const roster = [...new Set(rows.flatMap((r) => [r.home_team_id, r.away_team_id]).filter((id): id is number => id !== null))].sort((a, b) => a - b);
      if (roster.length < 2) throw new StateError("the championship has fewer than two teams");
      // Each new game another pairing, so games made one after the other are told apart.
      const k = this.created++;
      const home = roster[(2 * k) % roster.length]!;
      let away = roster[(2 * k + 1) % roster.length]!;
      if (away === home) away = roster[(2 * k + 2) % roster.length]!;
      const version = this.store.version + 1;
      const game: GameRec = {
        id: this.ids.game++,
        sportId: input.sportId,
        champId: champ.id,
        homeTeamId: home,
        awayTeamId: away,
        runners: null,
        startAtMs: this.clockMs + input.startInSec * 1000,
        status: 1,
        gameTimeSec: 0,
        period: 0,
        scores: [],
        hasVideo: true,
        isTop: champ.isTop,
        round: null,
        source: "test",
        sim: null,
        finishedAtMs: null,
        feedVersion: version,
        markets: [],
      };
      game.markets = openMarkets(rules, this.ratings(game), game.id, this.ids, version);
      await this.db.transaction().execute(async (trx) => {
        if (!(await this.fence(trx))) throw new LeadershipLost();
        await insertGames(trx, [game]);
        await trx
          .updateTable("sports_sim")
          .set({ feed_version: version, next_game_id: this.ids.game, next_market_id: this.ids.market, next_outcome_id: this.ids.outcome })
          .where("id", "=", 1)
          .execute();
      });
      this.store.games.set(game.id, game);
      this.store.version = version;
      return game;
    });
  }

  /** Test hook: every open match of a championship finishes now, goalless. */
  finishChampionship(champId: number): Promise<number> {
    return this.serial(async () => {
      const games = [...this.store.games.values()].filter((g) => g.champId === champId && g.source !== "outright" && !g.runners);
      for (const game of games) {
        const rules = this.rules(game);
        const periods = rules.model === "goals" || rules.model === "points" ? rules.periods : 0;
        game.scores = Array.from({ length: periods }, () => [0, 0] as [number, number]);
        await this.finish(game, 4, new Date(this.clockMs));
      }
      return games.length;
    });
  }

  private async commitOne(game: GameRec) {
    const version = this.store.version + 1;
    const dirty = new Set<MarketRec>();
    if (game.status === 2 || game.status === 3) this.reprice(game, version, dirty);
    game.feedVersion = version;
    await this.db.transaction().execute(async (trx) => {
      if (!(await this.fence(trx))) throw new LeadershipLost();
      await writeGameRows(trx, [game]);
      await writeMarketRows(trx, [...dirty]);
      await trx
        .updateTable("sports_sim")
        .set({ feed_version: version, next_market_id: this.ids.market, next_outcome_id: this.ids.outcome })
        .where("id", "=", 1)
        .execute();
    });
    this.store.version = version;
  }
}

export class StateError extends Error {}
class LeadershipLost extends Error {}

/** Wall seconds after the start at which a timed game reaches a game time (breaks included). */
function wallFor(rules: SportRules, gameTime: number): number {
  if (rules.model === "sets" || rules.model === "race") return gameTime;
  const periodsDone = Math.min(rules.periods - 1, Math.floor(gameTime / rules.periodSec));
  return gameTime + periodsDone * rules.breakSec;
}

// ---------------------------------------------------------------- bulk writes

export async function writeGameRows(db: Db, games: GameRec[]) {
  await bulkUpdate(
    db,
    "game",
    [
      ["id", "integer"],
      ["status", "smallint"],
      ["start_at", "timestamptz"],
      ["game_time_sec", "integer"],
      ["period", "smallint"],
      ["scores", "jsonb"],
      ["runners", "jsonb"],
      ["score_home", "integer"],
      ["score_away", "integer"],
      ["sim", "jsonb"],
      ["finished_at", "timestamptz"],
      ["feed_version", "integer"],
    ],
    games.map((g) => {
      const sum = finalScore(g.scores);
      const scored = g.status >= 2 && g.status <= 4;
      return {
        id: g.id,
        status: g.status,
        start_at: new Date(g.startAtMs).toISOString(),
        game_time_sec: g.gameTimeSec,
        period: g.period,
        scores: g.scores,
        runners: g.runners,
        score_home: scored && !g.runners ? sum.home : null,
        score_away: scored && !g.runners ? sum.away : null,
        sim: g.sim,
        finished_at: g.finishedAtMs === null ? null : new Date(g.finishedAtMs).toISOString(),
        feed_version: g.feedVersion,
      };
    }),
  );
}

async function writeMarketRows(db: Db, markets: MarketRec[], settle = false) {
  await bulkUpdate(
    db,
    "market",
    [
      ["id", "integer"],
      ["version", "integer"],
      ["blocked", "boolean"],
      ["feed_version", "integer"],
      ...(settle ? ([["settled_at", "timestamptz"]] as [string, string][]) : []),
    ],
    markets.map((m) => ({ id: m.id, version: m.version, blocked: m.blocked, feed_version: m.feedVersion, ...(settle ? { settled_at: new Date().toISOString() } : {}) })),
  );
  await bulkUpdate(
    db,
    "outcome",
    [
      ["id", "integer"],
      ["coef", "integer"],
      ["blocked", "boolean"],
      ["result", "smallint"],
    ],
    markets.flatMap((m) => m.outcomes.map((o) => ({ id: o.id, coef: o.coef, blocked: o.blocked, result: o.result }))),
  );
}

async function insertChamps(db: Db, champs: ChampRec[]) {
  await bulkInsert(
    db,
    "championship",
    [["id", "integer"], ["sport_id", "integer"], ["country_id", "integer"], ["name", "text"], ["slug", "text"], ["sort", "integer"], ["is_top", "boolean"], ["source", "text"], ["previous_id", "integer"]],
    champs.map((c) => ({ id: c.id, sport_id: c.sportId, country_id: c.countryId, name: c.name, slug: c.slug, sort: c.sort, is_top: c.isTop, source: c.source, previous_id: c.previousId })),
  );
}

async function insertMarkets(db: Db, markets: MarketRec[]) {
  if (!markets.length) return;
  await bulkInsert(
    db,
    "market",
    [["id", "integer"], ["game_id", "integer"], ["type_id", "integer"], ["period", "smallint"], ["param", "integer"], ["version", "integer"], ["blocked", "boolean"], ["feed_version", "integer"]],
    markets.map((x) => ({ id: x.id, game_id: x.gameId, type_id: x.typeId, period: x.period, param: x.param, version: x.version, blocked: x.blocked, feed_version: x.feedVersion })),
  );
  await bulkInsert(
    db,
    "outcome",
    [["id", "integer"], ["market_id", "integer"], ["game_id", "integer"], ["type_id", "integer"], ["key", "text"], ["coef", "integer"], ["blocked", "boolean"], ["sort", "integer"]],
    markets.flatMap((x) => x.outcomes.map((y) => ({ id: y.id, market_id: x.id, game_id: x.gameId, type_id: y.typeId, key: y.key, coef: y.coef, blocked: y.blocked, sort: y.sort }))),
  );
}
