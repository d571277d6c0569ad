// Marble racing (decision 040): its tracks (one championship each) and its marbles (the runners,
// teams of the sport with a rating). The simulator schedules the races. A part of its own, so a
// database seeded before marble racing existed gets it too; the sport row and the market types
// added with it (races, outrights) are written here when the catalogue's seed has not written them.

import { sql } from "kysely";
import type { Db } from "../db/index.ts";
import { insertGames } from "../domain/sports/bulk.ts";
import { MARKET, MARKET_TYPES } from "../domain/sports/markets.ts";
import { RACES_AHEAD_MS, plannedRaces } from "../domain/sports/race-timetable.ts";
import { Random, mixSeed } from "../domain/sports/random.ts";
import { type RaceRules, SPORTS, isRace } from "../domain/sports/sports.ts";
import { slugify } from "../domain/sports/types.ts";

export const MARBLE_TRACKS = ["Greenstone Raceway", "Dune Spiral", "Glacier Run"];
export const MARBLES = [
  "Azure Comet", "Crimson Flash", "Emerald Drift", "Golden Bolt", "Midnight Onyx", "Coral Spark", "Violet Storm", "Amber Rocket",
  "Frost Pearl", "Jade Whirl", "Ruby Rush", "Silver Streak", "Cobalt Surge", "Saffron Swirl", "Obsidian Glide", "Ivory Tempest",
];

export async function seedMarble(db: Db, seed: number): Promise<void> {
  const sport = SPORTS.find(isRace)!;
  await db
    .insertInto("market_type")
    // Every market type the catalogue's seed of that database did not know yet (races, outrights).
    .values(MARKET_TYPES.map((t) => ({ id: t.id, key: t.key, group_key: t.group, sort: t.sort })))
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
  await db
    .insertInto("sport")
    .values({ id: sport.id, slug: sport.slug, name: sport.name, kind: sport.kind, model: sport.model, sort: sport.sort, rules: JSON.stringify(sport) })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
  await db
    .insertInto("sport_market_type")
    .values([
      { sport_id: sport.id, type_id: MARKET.raceWinner, is_main: true },
      { sport_id: sport.id, type_id: MARKET.raceTop3, is_main: true },
    ])
    .onConflict((oc) => oc.columns(["sport_id", "type_id"]).doNothing())
    .execute();
  if (await db.selectFrom("championship").select("id").where("sport_id", "=", sport.id).limit(1).executeTakeFirst()) return;

  let country = await db.selectFrom("sport_country").select("id").where("code", "=", "INT").executeTakeFirst();
  if (!country) {
    const { next } = await db.selectFrom("sport_country").select(sql<number>`coalesce(max(id), 0) + 1`.as("next")).executeTakeFirstOrThrow();
    await db.insertInto("sport_country").values({ id: next, code: "INT", name: "International", sort: next }).execute();
    country = { id: next };
  }
  const { champ } = await db.selectFrom("championship").select(sql<number>`coalesce(max(id), 0) + 1`.as("champ")).executeTakeFirstOrThrow();
  await db
    .insertInto("championship")
    .values(MARBLE_TRACKS.map((name, i) => ({ id: champ + i, sport_id: sport.id, country_id: country.id, name, slug: slugify(name), sort: 900 + i, is_top: false, source: "race" })))
    .execute();
  const { team } = await db.selectFrom("team").select(sql<number>`coalesce(max(id), 0) + 1`.as("team")).executeTakeFirstOrThrow();
  // Ratings around the average with a clear favourite or two: the winner market has a shape.
  const rnd = new Random(mixSeed(seed, 50));
  const marbles = MARBLES.map((name, i) => ({ id: team + i, sport_id: sport.id, country_id: country.id, name, slug: slugify(name), rating: Math.round(1000 * Math.exp(rnd.normal() * 0.06)) }));
  await db.insertInto("team").values(marbles).execute();

  // The first hour of races, so the page has a field before the simulator's first step.
  const sim = await db.selectFrom("sports_sim").selectAll().executeTakeFirst();
  if (!sim) return;
  const ids = { game: sim.next_game_id, market: sim.next_market_id, outcome: sim.next_outcome_id };
  const clock = Number(sim.clock_ms);
  const ratingOf = new Map(marbles.map((m) => [m.id, m.rating]));
  const roster = marbles.map((m) => m.id);
  const races = MARBLE_TRACKS.flatMap((_, index) =>
    plannedRaces(sport as RaceRules, { id: champ + index, sportId: sport.id, index }, roster, (id) => ratingOf.get(id) ?? 1000, sim.seed, clock, clock + RACES_AHEAD_MS, ids, sim.feed_version),
  );
  await insertGames(db, races);
  await db.updateTable("sports_sim").set({ next_game_id: ids.game, next_market_id: ids.market, next_outcome_id: ids.outcome }).where("id", "=", 1).execute();
}
