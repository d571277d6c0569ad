import type { Migration, MigrationProvider } from "kysely";
import * as m001 from "./001_config.ts";
import * as m002 from "./002_seed_runs.ts";
import * as m003 from "./003_redirect_block_rules.ts";
import * as m004 from "./004_users_sessions.ts";
import * as m005 from "./005_rules_content.ts";
import * as m006 from "./006_auth.ts";
import * as m007 from "./007_ops_admin.ts";
import * as m008 from "./008_sports.ts";
import * as m009 from "./009_ledger.ts";
import * as m011 from "./011_bets.ts";
import * as m011b from "./011_ledger_statement_trigger.ts";
import * as m011c from "./011_bets_score_seen.ts";
import * as m012 from "./012_user_sports_settings.ts";
import * as m013 from "./013_bonus_bet.ts";
import * as m014 from "./014_vip_bet.ts";
import * as m015 from "./015_bare_league_names.ts";
import * as m016 from "./016_races.ts";
import * as m017 from "./017_ledger_trigger_static.ts";
import * as m018 from "./018_championship_seasons.ts";
import * as m019 from "./019_bettor_debts.ts";
import * as m020 from "./020_payments.ts";
import * as m021 from "./021_payment_recovery_debts.ts";

// Migrations are listed here, in order, so the bundle-free runtime needs no folder scan.
const migrations: Record<string, Migration> = {
  "001_config": m001,
  "002_seed_runs": m002,
  "003_redirect_block_rules": m003,
  "004_users_sessions": m004,
  "005_rules_content": m005,
  "006_auth": m006,
  "007_ops_admin": m007,
  "008_sports": m008,
  "009_ledger": m009,
  "011_bets": m011,
  "011_ledger_statement_trigger": m011b,
  "011_bets_score_seen": m011c,
  "012_user_sports_settings": m012,
  "013_bonus_bet": m013,
  "014_vip_bet": m014,
  "015_bare_league_names": m015,
  "016_races": m016,
  "017_ledger_trigger_static": m017,
  "018_championship_seasons": m018,
  "019_bettor_debts": m019,
  "020_payments": m020,
  "021_payment_recovery_debts": m021,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
