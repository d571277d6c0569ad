import { type Kysely, sql } from "kysely";

// Decision 031 keeps a championship's bare name and its country apart; the openfootball leagues
// were seeded under the data set's names, which carry the country in front ("English Premier
// League"), so the pages read "England. English Premier League" beside "Spain Primera
// División". The seed now writes the bare names; this renames the rows of a database seeded
// before. The names are written out here, as they were, so the migration never changes. A row
// already renamed (or a fresh database) matches nothing: safe to repeat.
const RENAMES: ReadonlyArray<[from: string, to: string, slug: string]> = [
  ["Österr. Bundesliga", "Bundesliga", "bundesliga"],
  ["Österr. 2. Liga", "2. Liga", "2-liga"],
  ["Belgium First Division A", "First Division A", "first-division-a"],
  ["Deutsche Bundesliga", "Bundesliga", "bundesliga"],
  ["Deutsche 2. Bundesliga", "2. Bundesliga", "2-bundesliga"],
  ["English Premier League", "Premier League", "premier-league"],
  ["English Championship", "Championship", "championship"],
  ["English League One", "League One", "league-one"],
  ["English League Two", "League Two", "league-two"],
  ["Spain Primera División", "Primera División", "primera-division"],
  ["Spain Segunda División", "Segunda División", "segunda-division"],
  ["French Ligue 1", "Ligue 1", "ligue-1"],
  ["French Ligue 2", "Ligue 2", "ligue-2"],
  ["Greek Super League", "Super League", "super-league"],
  ["Italian Serie A", "Serie A", "serie-a"],
  ["Italian Serie B", "Serie B", "serie-b"],
  ["Netherlands Eredivisie", "Eredivisie", "eredivisie"],
  ["Portuguese Primeira Liga", "Primeira Liga", "primeira-liga"],
  ["Scottish Premiership", "Premiership", "premiership"],
  ["Turkish Süper Lig", "Süper Lig", "super-lig"],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [from, to, slug] of RENAMES) {
    await sql`update championship set name = ${to}, slug = ${slug} where source = 'openfootball' and name = ${from}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Bare names repeat across countries (two Bundesligas): the way back goes by country code.
  const country: Record<string, string> = { Österr: "AT", Belgium: "BE", Deutsche: "DE", English: "ENG", Spain: "ES", French: "FR", Greek: "GR", Italian: "IT", Netherlands: "NL", Portuguese: "PT", Scottish: "SCO", Turkish: "TR" };
  for (const [from, to] of RENAMES) {
    const code = country[from.split(/[ .]/)[0]!]!;
    const slug = from
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "");
    await sql`update championship set name = ${from}, slug = ${slug} where source = 'openfootball' and name = ${to} and country_id = (select id from sport_country where code = ${code})`.execute(db);
  }
}
