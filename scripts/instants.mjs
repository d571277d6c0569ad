// The seven instants the sports, bets and notifications tests are run at (issue 31): the day's
// catalogue differs by weekday, hour and season, and a test that depends on it passes on one day
// and fails on another. `npm run bench -- dates` runs those tests at every instant; CI runs the
// whole suite at one of them, chosen by the day, so a date problem shows early without slowing CI.
//
//   node scripts/instants.mjs           lists them
//   node scripts/instants.mjs --today   prints `export NAME=value` lines for today's (for .ci/run)
//   node scripts/instants.mjs NAME      prints them for one instant

/**
 * The end of the moved football season is the end for a database seeded on 7 December 2026
 * (the data moved by 39 weeks, its last matchday Sunday 28 February 2027), still running then.
 */
const SEEDED_IN_DECEMBER = { SPORTS_SHIFT_WEEKS: "39" };

export const INSTANTS = [
  { name: "weekday-noon", about: "a weekday noon (Wednesday)", env: { PLATFORM_NOW: "2026-12-09T12:00:00Z" } },
  { name: "sunday-noon", about: "a Sunday noon", env: { PLATFORM_NOW: "2026-12-13T12:00:00Z" } },
  { name: "saturday-kickoffs", about: "a Saturday at 15:00 UTC, many kick-offs", env: { PLATFORM_NOW: "2026-12-12T15:00:00Z" } },
  { name: "night", about: "03:00 UTC, few games", env: { PLATFORM_NOW: "2026-12-10T03:00:00Z" } },
  { name: "season-last-week", about: "the last week of the moved football season", env: { PLATFORM_NOW: "2027-02-24T12:00:00Z", ...SEEDED_IN_DECEMBER } },
  { name: "season-day-after", about: "the day after the moved football season", env: { PLATFORM_NOW: "2027-03-01T12:00:00Z", ...SEEDED_IN_DECEMBER } },
  { name: "new-years-eve", about: "New Year's Eve, 23:59 UTC", env: { PLATFORM_NOW: "2026-12-31T23:59:00Z" } },
];

/** The instant CI runs at on a day: the days since the epoch, modulo seven. */
export function instantOfDay(date = new Date()) {
  return INSTANTS[Math.floor(date.getTime() / 86_400_000) % INSTANTS.length];
}

const exports = (instant) => Object.entries(instant.env).map(([k, v]) => `export ${k}=${v}`).join("\n");

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = process.argv[2];
  if (arg === "--today") console.log(exports(instantOfDay()));
  else if (arg) {
    const instant = INSTANTS.find((i) => i.name === arg);
    if (!instant) {
      console.error(`no instant ${arg}: ${INSTANTS.map((i) => i.name).join(", ")}`);
      process.exit(2);
    }
    console.log(exports(instant));
  } else for (const i of INSTANTS) console.log(`${i.name.padEnd(18)} ${Object.values(i.env).join(" ").padEnd(28)} ${i.about}`);
}
