// The sports catalogue's demo data (decision 014): real football fixtures and results from the
// openfootball data set (seed/data/football-2025-26, CC0), moved to the present by whole weeks,
// and generated but plausible fixtures for every other sport. Everything is built in memory and
// written with one bulk statement per table, so a fresh platform starts quickly.

import { readFileSync, readdirSync } from "node:fs";
import type { Db } from "../db/index.ts";
import { bulkInsert, insertGames } from "../domain/sports/bulk.ts";
import { advanceGame, newSim, timedDuration } from "../domain/sports/engine.ts";
import { MARKET, MARKET_TYPES } from "../domain/sports/markets.ts";
import {
  CLUB_SUFFIXES,
  ESPORTS_EVENTS,
  FIRST_NAMES,
  GEN_COUNTRIES,
  LAST_NAMES,
  TOURNAMENT_WORDS,
} from "../domain/sports/names.ts";
import {
  GEN_AHEAD_MS,
  isIndividual,
  roundEveryMs,
  scheduleRound,
} from "../domain/sports/fixtures.ts";
import { openMarkets } from "../domain/sports/lines.ts";
import { hasOutright, openOutright } from "../domain/sports/outright.ts";
import { NEXT_SEASON_AHEAD_MS, nextSeason, seasonName } from "../domain/sports/seasons.ts";
import { planMarkets } from "../domain/sports/pricing.ts";
import { Random, mixSeed } from "../domain/sports/random.ts";
import {
  type GoalsRules,
  SPORTS,
  type SportRules,
  regulationSeconds,
} from "../domain/sports/sports.ts";
import {
  type ChampRec,
  type CountryRec,
  type GameRec,
  type TeamRec,
  finalScore,
  slugify,
} from "../domain/sports/types.ts";

const DAY = 86_400_000;
const WEEK = 7 * DAY;
/** Games inside this horizon have their markets open (status 1); later ones are scheduled (0). */
export const LINE_HORIZON_MS = 7 * DAY;
/** Generated sports get results for this many days back (standings, form, head-to-head). */
const HISTORY_MS = 7 * DAY;
/** Live games the seed starts, so the live page has breadth before the simulator's first tick. */
const SEED_LIVE = 48;

const FOOTBALL_COUNTRIES: Record<string, { code: string; name: string }> = {
  en: { code: "ENG", name: "England" },
  de: { code: "DE", name: "Germany" },
  es: { code: "ES", name: "Spain" },
  it: { code: "IT", name: "Italy" },
  fr: { code: "FR", name: "France" },
  at: { code: "AT", name: "Austria" },
  be: { code: "BE", name: "Belgium" },
  gr: { code: "GR", name: "Greece" },
  nl: { code: "NL", name: "Netherlands" },
  pt: { code: "PT", name: "Portugal" },
  sco: { code: "SCO", name: "Scotland" },
  tr: { code: "TR", name: "Turkey" },
};
const TOP_LEAGUES = new Set(["en.1", "es.1", "de.1", "it.1", "fr.1"]);
/**
 * The bare name of each openfootball league (decision 031: the country is its own column). The
 * data set names them with the country in front in one form or another ("English Premier
 * League", "Spain Primera División", "Österr. Bundesliga"), which the pages then read as
 * "England. English Premier League" beside "Spain Primera División".
 */
export const FOOTBALL_LEAGUE_NAMES: Record<string, string> = {
  "at.1": "Bundesliga",
  "at.2": "2. Liga",
  "be.1": "First Division A",
  "de.1": "Bundesliga",
  "de.2": "2. Bundesliga",
  "en.1": "Premier League",
  "en.2": "Championship",
  "en.3": "League One",
  "en.4": "League Two",
  "es.1": "Primera División",
  "es.2": "Segunda División",
  "fr.1": "Ligue 1",
  "fr.2": "Ligue 2",
  "gr.1": "Super League",
  "it.1": "Serie A",
  "it.2": "Serie B",
  "nl.1": "Eredivisie",
  "pt.1": "Primeira Liga",
  "sco.1": "Premiership",
  "tr.1": "Süper Lig",
};

interface OpenFootballMatch {
  round?: string;
  date: string;
  time?: string;
  team1: string;
  team2: string;
  score?: { ht?: [number, number]; ft?: [number, number] };
  status?: string;
}

export interface SeedCatalogue {
  countries: CountryRec[];
  champs: ChampRec[];
  teams: TeamRec[];
  games: GameRec[];
  nextIds: { game: number; market: number; outcome: number };
  /** Whole weeks the openfootball dates were moved forward. */
  shiftWeeks: number;
}

const FOOTBALL_DIR = new URL("./data/football-2025-26/", import.meta.url);

/**
 * Builds the whole catalogue in memory: pure apart from reading the data files. `shiftWeeks`
 * moves the football data by that many weeks instead of up to `now` (a database seeded earlier
 * and still running: the dates bench's end of the moved season).
 */
export function buildCatalogue(seed: number, now: number, options: { shiftWeeks?: number } = {}): SeedCatalogue {
  const rnd = new Random(mixSeed(seed, 14));
  const countries: CountryRec[] = [];
  const countryByCode = new Map<string, CountryRec>();
  const country = (code: string, name: string) => {
    let c = countryByCode.get(code);
    if (!c) {
      c = { id: countries.length + 1, code, name, sort: countries.length + 1 };
      countries.push(c);
      countryByCode.set(code, c);
    }
    return c;
  };
  const champs: ChampRec[] = [];
  const teams: TeamRec[] = [];
  const games: GameRec[] = [];
  const ids = { game: 1, market: 1, outcome: 1 };
  const ratingOf = new Map<number, number>();
  const addGame = (
    g: Omit<
      GameRec,
      | "id"
      | "markets"
      | "sim"
      | "finishedAtMs"
      | "feedVersion"
      | "gameTimeSec"
      | "period"
      | "scores"
      | "runners"
    > &
      Partial<GameRec>
  ) => {
    const game: GameRec = {
      id: ids.game++,
      markets: [],
      sim: null,
      finishedAtMs: null,
      feedVersion: 1,
      gameTimeSec: 0,
      period: 0,
      scores: [],
      runners: null,
      ...g,
    };
    games.push(game);
    return game;
  };

  // ---- football: the openfootball files
  const files = readdirSync(FOOTBALL_DIR)
    .filter((f) => f.endsWith(".json"))
    .sort();
  const leagues = files.map((file) => {
    const data = JSON.parse(
      readFileSync(new URL(file, FOOTBALL_DIR), "utf8")
    ) as { name: string; matches: OpenFootballMatch[] };
    return { key: file.replace(/\.json$/, ""), data };
  });
  let lastPlayed = 0;
  for (const { data } of leagues)
    for (const m of data.matches)
      if (m.score?.ft)
        lastPlayed = Math.max(lastPlayed, Date.parse(`${m.date}T00:00:00Z`));
  const today = Math.floor(now / DAY) * DAY;
  const shiftWeeks =
    options.shiftWeeks ??
    (lastPlayed ? Math.max(0, Math.floor((today - lastPlayed) / WEEK)) : 0);
  const shift = shiftWeeks * WEEK;
  const football = SPORTS.find((s) => s.slug === "football")!;
  for (const { key, data } of leagues) {
    const [prefix, tier] = key.split(".");
    const fc = FOOTBALL_COUNTRIES[prefix!] ?? {
      code: prefix!.toUpperCase(),
      name: prefix!.toUpperCase(),
    };
    const c = country(fc.code, fc.name);
    const name = FOOTBALL_LEAGUE_NAMES[key] ?? data.name.replace(/\s*\d{4}\/\d{2}\s*$/, "");
    const champ: ChampRec = {
      id: champs.length + 1,
      sportId: football.id,
      countryId: c.id,
      name,
      slug: slugify(name),
      sort: Number(tier) * 100 + champs.length,
      isTop: TOP_LEAGUES.has(key),
      source: "openfootball",
      previousId: null,
    };
    champs.push(champ);
    // Strength from this season's goals: (scored + 3) / (conceded + 3), softened.
    const goals = new Map<string, [number, number]>();
    for (const m of data.matches) {
      for (const t of [m.team1, m.team2])
        if (!goals.has(t)) goals.set(t, [0, 0]);
      if (m.score?.ft) {
        const [a, b] = m.score.ft;
        goals.get(m.team1)![0] += a;
        goals.get(m.team1)![1] += b;
        goals.get(m.team2)![0] += b;
        goals.get(m.team2)![1] += a;
      }
    }
    const teamId = new Map<string, number>();
    for (const [teamName, [gf, ga]] of [...goals].sort((x, y) =>
      x[0].localeCompare(y[0])
    )) {
      const rating = Math.round(
        1000 * Math.min(1.6, Math.max(0.6, ((gf + 3) / (ga + 3)) ** 0.5))
      );
      const team: TeamRec = {
        id: teams.length + 1,
        sportId: football.id,
        countryId: c.id,
        name: teamName,
        slug: slugify(teamName),
        rating,
      };
      teams.push(team);
      teamId.set(teamName, team.id);
      ratingOf.set(team.id, rating);
    }
    for (const m of data.matches) {
      const time = /^\d{1,2}:\d{2}$/.test(m.time ?? "")
        ? m.time!.padStart(5, "0")
        : "15:00";
      const startAtMs = Date.parse(`${m.date}T${time}:00Z`) + shift;
      const base = {
        sportId: football.id,
        champId: champ.id,
        homeTeamId: teamId.get(m.team1)!,
        awayTeamId: teamId.get(m.team2)!,
        startAtMs,
        hasVideo: false,
        isTop: champ.isTop,
        round: m.round ?? null,
        source: "openfootball",
      };
      if (m.score?.ft) {
        const [a, b] = m.score.ft;
        const ht = m.score.ht;
        const scores: [number, number][] = ht
          ? [ht, [a - ht[0], b - ht[1]]]
          : [[a, b]];
        addGame({
          ...base,
          status: 4,
          scores,
          period: 2,
          gameTimeSec: 5400,
          finishedAtMs: startAtMs + 6300_000,
        });
      } else if (m.status === "cancelled" || m.status === "postponed") {
        addGame({ ...base, status: 5, finishedAtMs: startAtMs });
      } else addGame({ ...base, status: 0 });
    }
  }

  // ---- every other sport: generated championships, players and clubs
  const usedNames = new Set<string>();
  // A name already taken in the sport tries its plausible variants first (another initial, a
  // double surname, another club suffix), so "Rossi M. 2" never reaches a page; the variants are
  // fixed lists, not draws, so the random stream, and every game after, stays as it was.
  const uniqueName = (
    sportId: number,
    name: string,
    variants: string[] = []
  ) => {
    const free = (n: string) => !usedNames.has(`${sportId}:${n}`);
    let n = [name, ...variants].find(free);
    for (let i = 2; n === undefined; i++)
      n = free(`${name} ${i}`) ? `${name} ${i}` : undefined;
    usedNames.add(`${sportId}:${n}`);
    return n;
  };
  const initials = [...new Set(FIRST_NAMES.map((f) => f[0]!))];
  const personVariants = (name: string): string[] => {
    const m = /^(.+) (.)\.$/.exec(name);
    if (!m) return [];
    const [, last, initial] = m as unknown as [string, string, string];
    return [
      ...initials.filter((i) => i !== initial).map((i) => `${last} ${i}.`),
      ...LAST_NAMES.filter((l) => l !== last).map(
        (l) => `${last}-${l} ${initial}.`
      ),
    ];
  };
  const clubVariants = (city: string, suffixes: string[], tail = "") =>
    suffixes.map((x) => `${city} ${x}${tail}`);
  const pairs = new Set(["padel", "beach-volleyball"]);
  const person = () => `${rnd.pick(LAST_NAMES)} ${rnd.pick(FIRST_NAMES)[0]}.`;
  for (const sport of SPORTS) {
    if (sport.slug === "football") continue;
    const esports = sport.kind === "cyber" && sport.model === "sets";
    for (let k = 0; k < sport.weight; k++) {
      const solo = isIndividual(sport);
      const gc =
        esports || solo
          ? GEN_COUNTRIES[GEN_COUNTRIES.length - 1]!
          : GEN_COUNTRIES[(sport.id * 3 + k * 5) % (GEN_COUNTRIES.length - 1)]!;
      const c = country(gc.code, gc.name);
      const city = rnd.pick(
        GEN_COUNTRIES[(sport.id + k) % (GEN_COUNTRIES.length - 1)]!.cities
      );
      const champName = esports
        ? `${rnd.pick([
            "Nova",
            "Apex",
            "Frontier",
            "Pinnacle",
            "Vanguard",
            "Horizon",
          ])} ${ESPORTS_EVENTS[k % ESPORTS_EVENTS.length]}`
        : solo
        ? `${k % 2 ? "Women" : "Men"}. ${city} ${
            TOURNAMENT_WORDS[k % TOURNAMENT_WORDS.length]
          }`
        : // The bare league name: the country is its own column, and the pages put "Russia. " in
          // front where no country heading does (app/sports/model.ts champTitle).
          [
            "Premier League",
            "Super League",
            "First League",
            "Championship",
            "Cup",
            "Division One",
          ][k % 6]!;
      // Unique within a sport and country: two countries may each have their Super League.
      const champ: ChampRec = {
        id: champs.length + 1,
        sportId: sport.id,
        countryId: c.id,
        name: uniqueName(-(sport.id * 1000 + c.id), champName),
        slug: "",
        sort: k,
        isTop: k === 0 && sport.sort <= 6,
        source: "generated",
        previousId: null,
      };
      champ.slug = slugify(champ.name);
      champs.push(champ);
      const size = solo ? 16 : 10;
      const roster: TeamRec[] = [];
      for (let i = 0; i < size; i++) {
        const suffixes = esports
          ? CLUB_SUFFIXES.cyber!
          : CLUB_SUFFIXES[sport.slug] ?? CLUB_SUFFIXES.default!;
        const city = esports
          ? rnd.pick(GEN_COUNTRIES[GEN_COUNTRIES.length - 1]!.cities)
          : gc.cities[i % gc.cities.length]!;
        const raw = esports
          ? `${city} ${rnd.pick(suffixes)}`
          : pairs.has(sport.slug)
          ? `${person()} / ${person()}`
          : solo
          ? person()
          : `${city} ${rnd.pick(suffixes)}`;
        const tail = sport.kind === "cyber" && !esports ? " (e)" : "";
        const variants =
          solo && !pairs.has(sport.slug)
            ? personVariants(raw)
            : esports
            ? GEN_COUNTRIES[GEN_COUNTRIES.length - 1]!.cities.flatMap((other) =>
                clubVariants(other, suffixes)
              )
            : clubVariants(city, suffixes, tail);
        const name = uniqueName(sport.id, `${raw}${tail}`, variants);
        const rating = Math.round(1000 * Math.exp(rnd.normal() * 0.16));
        const team: TeamRec = {
          id: teams.length + 1,
          sportId: sport.id,
          countryId: c.id,
          name,
          slug: slugify(name),
          rating,
        };
        teams.push(team);
        roster.push(team);
        ratingOf.set(team.id, rating);
      }
      // Rounds from a week back to four days ahead; daily for players and cyber sport.
      const every = roundEveryMs(sport);
      let round = 1;
      for (
        let day = today - HISTORY_MS + (k % 3) * DAY;
        day < today + GEN_AHEAD_MS;
        day += every, round++
      ) {
        for (const f of scheduleRound(
          sport,
          roster.map((t) => t.id),
          day,
          round,
          rnd
        )) {
          addGame({
            sportId: sport.id,
            champId: champ.id,
            ...f,
            status: 0,
            isTop: champ.isTop,
            round: `Round ${round}`,
            source: "generated",
          });
        }
      }
    }
  }

  // ---- the competitions of the championship-special pages (SPEC §2) the data set lacks: a
  // European cup and a club world cup of the real clubs above, and a cricket league. Their own
  // random stream, so adding them left every game before them as it was.
  const srnd = new Random(mixSeed(seed, 15));
  const playRounds = (sport: SportRules, champ: ChampRec, roster: number[]) => {
    const every = roundEveryMs(sport);
    let round = 1;
    for (
      let day = today - HISTORY_MS;
      day < today + GEN_AHEAD_MS;
      day += every, round++
    ) {
      for (const f of scheduleRound(sport, roster, day, round, srnd)) {
        addGame({
          sportId: sport.id,
          champId: champ.id,
          ...f,
          status: 0,
          isTop: true,
          round: `Round ${round}`,
          source: "generated",
        });
      }
    }
  };
  const addChamp = (sportId: number, countryId: number, name: string) => {
    const champ: ChampRec = {
      id: champs.length + 1,
      sportId,
      countryId,
      name,
      slug: slugify(name),
      sort: 50 + champs.length,
      isTop: true,
      source: "generated",
      previousId: null,
    };
    champs.push(champ);
    return champ;
  };
  const clubsOf = (champId: number) =>
    [
      ...new Set(
        games
          .filter((g) => g.champId === champId)
          .flatMap((g) => [g.homeTeamId!, g.awayTeamId!])
      ),
    ].sort((a, b) => ratingOf.get(b)! - ratingOf.get(a)! || a - b);
  const firstTiers = champs.filter(
    (c) => c.source === "openfootball" && c.sort < 200
  );
  const intl = country("INT", "International");
  // The cup: the clubs just behind each first division's top four.
  const europa = addChamp(football.id, intl.id, "UEFA Europa League");
  playRounds(
    football,
    europa,
    firstTiers.flatMap((c) => clubsOf(c.id).slice(4, 6)).slice(0, 16)
  );
  // The club world cup: the best two of the five top leagues and champions of other continents.
  const cwc = addChamp(football.id, intl.id, "FIFA Club World Cup");
  const cwcRoster = champs
    .filter((c) => c.source === "openfootball" && c.isTop)
    .flatMap((c) => clubsOf(c.id).slice(0, 2));
  for (const code of ["BR", "JP", "US", "AU", "FR", "ES"]) {
    if (cwcRoster.length >= 16) break;
    const gc = GEN_COUNTRIES.find((g) => g.code === code)!;
    const name = `${srnd.pick(gc.cities)} ${srnd.pick(CLUB_SUFFIXES.default!)}`;
    const rating = Math.round(1000 * Math.exp(srnd.normal() * 0.12));
    const team: TeamRec = {
      id: teams.length + 1,
      sportId: football.id,
      countryId: country(gc.code, gc.name).id,
      name,
      slug: slugify(name),
      rating,
    };
    teams.push(team);
    ratingOf.set(team.id, rating);
    cwcRoster.push(team.id);
  }
  playRounds(football, cwc, cwcRoster);
  // The cricket league: city franchises with invented names.
  const cricket = SPORTS.find((s) => s.slug === "cricket")!;
  const india = country("IN", "India");
  const ipl = addChamp(cricket.id, india.id, "Indian Premier League");
  const franchises = [
    "Mumbai",
    "Chennai",
    "Kolkata",
    "Delhi",
    "Bengaluru",
    "Hyderabad",
    "Jaipur",
    "Lucknow",
    "Ahmedabad",
    "Mohali",
  ];
  const iplRoster = franchises.map((city, i) => {
    const name = `${city} ${
      [
        "Strikers",
        "Chargers",
        "Royals",
        "Tigers",
        "Comets",
        "Falcons",
        "Lions",
        "Hawks",
        "Titans",
        "Blazers",
      ][i]
    }`;
    const rating = Math.round(1000 * Math.exp(srnd.normal() * 0.1));
    const team: TeamRec = {
      id: teams.length + 1,
      sportId: cricket.id,
      countryId: india.id,
      name,
      slug: slugify(name),
      rating,
    };
    teams.push(team);
    ratingOf.set(team.id, rating);
    return team.id;
  });
  playRounds(cricket, ipl, iplRoster);

  // ---- the football leagues' next seasons, where the moved data ends before the line's horizon
  // (decision 014): a championship of its own for each, from the same clubs. Built last, so every
  // other id stays what it was.
  for (const league of champs.filter((c) => c.source === "openfootball")) {
    let season = league;
    let mine = games.filter((g) => g.champId === league.id);
    const clubs = [...new Set(mine.flatMap((g) => [g.homeTeamId!, g.awayTeamId!]))];
    let last = Math.max(...mine.map((g) => g.startAtMs));
    while (clubs.length >= 2 && last < now + NEXT_SEASON_AHEAD_MS) {
      const next = nextSeason({ teams: clubs, lastMs: last, nowMs: now, seed, previousId: season.id });
      const name = seasonName(league.name, next.label);
      season = { ...league, id: champs.length + 1, name, slug: slugify(name), source: "rebuilt", previousId: season.id };
      champs.push(season);
      mine = next.fixtures.map((f) =>
        addGame({ sportId: league.sportId, champId: season.id, homeTeamId: f.homeTeamId, awayTeamId: f.awayTeamId, startAtMs: f.startAtMs, hasVideo: false, isTop: league.isTop, round: f.round, source: "rebuilt", status: 0 }),
      );
      last = Math.max(...mine.map((g) => g.startAtMs));
    }
  }

  // ---- time: results, live, line, scheduled
  const rulesOf = new Map(SPORTS.map((s) => [s.id, s]));
  const liveCandidates: GameRec[] = [];
  for (const game of games) {
    if (game.status !== 0) continue;
    const rules = rulesOf.get(game.sportId)!;
    const ratings = {
      home: ratingOf.get(game.homeTeamId!)!,
      away: ratingOf.get(game.awayTeamId!)!,
    };
    const duration = timedDuration(rules) ?? regulationSeconds(rules);
    if (game.startAtMs + duration * 1000 <= now) {
      // Kick-off long past but no result (openfootball's dates between its last update and
      // today, and generated history): the engine plays it to the end.
      game.status = 2;
      advanceGame(game, rules, ratings, seed, 10 * 86_400);
      game.sim = null;
      game.finishedAtMs = game.startAtMs + duration * 1000;
    } else if (game.startAtMs <= now) {
      game.status = 2;
      game.sim = newSim(seed, game.id);
      liveCandidates.push(game);
    } else if (game.startAtMs <= now + LINE_HORIZON_MS) game.status = 1;
  }
  // Breadth on the live page from the first second: the earliest line games of many sports
  // start now-ish, at staggered points of their match.
  const live = liveCandidates.length;
  if (live < SEED_LIVE) {
    const line = games
      .filter((g) => g.status === 1 && g.source === "generated")
      .sort((a, b) => a.startAtMs - b.startAtMs || a.id - b.id);
    const perSport = new Map<number, number>();
    let need = SEED_LIVE - live;
    for (const game of line) {
      if (need <= 0) break;
      if ((perSport.get(game.sportId) ?? 0) >= 3) continue;
      perSport.set(game.sportId, (perSport.get(game.sportId) ?? 0) + 1);
      const rules = rulesOf.get(game.sportId)!;
      const duration = timedDuration(rules) ?? regulationSeconds(rules);
      game.startAtMs = now - Math.floor(rnd.next() * 0.7 * duration) * 1000;
      game.status = 2;
      game.sim = newSim(seed, game.id);
      need--;
    }
  }
  for (const game of games) {
    if (game.status === 1 || game.status === 2) {
      const rules = rulesOf.get(game.sportId)!;
      const ratings = {
        home: ratingOf.get(game.homeTeamId!)!,
        away: ratingOf.get(game.awayTeamId!)!,
      };
      game.markets = openMarkets(rules, ratings, game.id, ids, 1);
    }
  }
  // The top leagues' outrights (decision 041), priced from the table the seeded results made.
  for (const champ of champs) {
    const rules = rulesOf.get(champ.sportId);
    if (!hasOutright(champ, rules)) continue;
    const mine = games.filter((g) => g.champId === champ.id);
    const results = mine.filter((g) => g.status === 4).map((g) => ({ homeTeamId: g.homeTeamId!, awayTeamId: g.awayTeamId!, ...finalScore(g.scores) }));
    const left = mine.filter((g) => g.status < 4).map((g) => ({ homeTeamId: g.homeTeamId!, awayTeamId: g.awayTeamId!, startAtMs: g.startAtMs }));
    if (!left.length) continue;
    games.push(openOutright(rules as GoalsRules, champ, results, left, (id) => ratingOf.get(id) ?? 1000, mixSeed(seed, champ.id), ids, 1));
  }
  return { countries, champs, teams, games, nextIds: ids, shiftWeeks };
}

/** Market types each sport offers (from its plan) and the main ones shown on list pages. */
export function sportMarketTypes(
  rules: SportRules
): { typeId: number; isMain: boolean }[] {
  const plan = planMarkets(rules, { home: 1000, away: 1000 });
  const types = [...new Set(plan.map((p) => p.typeId))];
  const main = new Set<number>([
    MARKET.x12,
    MARKET.winner,
    MARKET.total,
    MARKET.handicap,
    MARKET.raceWinner,
    MARKET.raceTop3,
  ]);
  return types.map((typeId) => ({ typeId, isMain: main.has(typeId) }));
}

/** Fills the sports tables of an empty catalogue. Returns what it wrote, for the start-up log. */
export async function seedSports(
  db: Db,
  options: { seed: number; now: number; shiftWeeks?: number }
): Promise<{ games: number; ms: number; shiftWeeks: number }> {
  const started = Date.now();
  const cat = buildCatalogue(options.seed, options.now, { shiftWeeks: options.shiftWeeks });
  await bulkInsert(
    db,
    "market_type",
    [
      ["id", "integer"],
      ["key", "text"],
      ["group_key", "text"],
      ["sort", "integer"],
    ],
    MARKET_TYPES.map((t) => ({
      id: t.id,
      key: t.key,
      group_key: t.group,
      sort: t.sort,
    }))
  );
  await bulkInsert(
    db,
    "sport",
    [
      ["id", "integer"],
      ["slug", "text"],
      ["name", "text"],
      ["kind", "text"],
      ["model", "text"],
      ["sort", "integer"],
      ["rules", "jsonb"],
    ],
    SPORTS.map((s) => ({
      id: s.id,
      slug: s.slug,
      name: s.name,
      kind: s.kind,
      model: s.model,
      sort: s.sort,
      rules: s,
    }))
  );
  await bulkInsert(
    db,
    "sport_market_type",
    [
      ["sport_id", "integer"],
      ["type_id", "integer"],
      ["is_main", "boolean"],
    ],
    SPORTS.flatMap((s) =>
      sportMarketTypes(s).map((t) => ({
        sport_id: s.id,
        type_id: t.typeId,
        is_main: t.isMain,
      }))
    )
  );
  await bulkInsert(
    db,
    "sport_country",
    [
      ["id", "integer"],
      ["code", "text"],
      ["name", "text"],
      ["sort", "integer"],
    ],
    cat.countries.map((c) => ({ ...c }))
  );
  await bulkInsert(
    db,
    "championship",
    [
      ["id", "integer"],
      ["sport_id", "integer"],
      ["country_id", "integer"],
      ["name", "text"],
      ["slug", "text"],
      ["sort", "integer"],
      ["is_top", "boolean"],
      ["source", "text"],
      ["previous_id", "integer"],
    ],
    cat.champs.map((c) => ({
      id: c.id,
      sport_id: c.sportId,
      country_id: c.countryId,
      name: c.name,
      slug: c.slug,
      sort: c.sort,
      is_top: c.isTop,
      source: c.source,
      previous_id: c.previousId,
    }))
  );
  await bulkInsert(
    db,
    "team",
    [
      ["id", "integer"],
      ["sport_id", "integer"],
      ["country_id", "integer"],
      ["name", "text"],
      ["slug", "text"],
      ["rating", "integer"],
    ],
    cat.teams.map((t) => ({
      id: t.id,
      sport_id: t.sportId,
      country_id: t.countryId,
      name: t.name,
      slug: t.slug,
      rating: t.rating,
    }))
  );
  await insertGames(db, cat.games);
  await db
    .insertInto("sports_sim")
    .values({
      id: 1,
      seed: options.seed,
      clock_ms: options.now,
      feed_version: 1,
      next_game_id: cat.nextIds.game,
      next_market_id: cat.nextIds.market,
      next_outcome_id: cat.nextIds.outcome,
    })
    .execute();
  return {
    games: cat.games.length,
    ms: Date.now() - started,
    shiftWeeks: cat.shiftWeeks,
  };
}
