import type { ColumnType, Generated } from "kysely";

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T = unknown> = ColumnType<T, string, string>;

/** One row per top-level key of the site config; `value` is the key's JSON value. */
export interface SiteConfigTable {
  key: string;
  value: Json;
  updated_at: Timestamp;
  updated_by: string;
}

/** A country's override of one site-config key (the country comes from the country header). */
export interface SiteConfigOverrideTable {
  country: string;
  key: string;
  value: Json;
  updated_at: Timestamp;
  updated_by: string;
}

/** Content groups by language (`*` is the fallback for every language). */
export interface ConfigGroupTable {
  group_name: string;
  lang: string;
  value: Json;
  updated_at: Timestamp;
}

/** Which named parts of the demo seed this database has received. */
export interface SeedRunTable {
  name: string;
  applied_at: Generated<Date>;
}

type CreatedUpdated = {
  created_by: ColumnType<string, string | undefined, string>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_by: ColumnType<string, string | undefined, string>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
};

/** A redirect rule (see domain/redirects.ts for source and target syntax). */
export interface RedirectRuleTable extends CreatedUpdated {
  id: Generated<number>;
  source: string;
  target: string;
  code: number;
  /** null: every language. */
  languages: ColumnType<string[] | null, string | null | undefined, string | null>;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  priority: ColumnType<number, number | undefined, number>;
  note: ColumnType<string, string | undefined, string>;
}

/** A block rule (see domain/blocks.ts for the pattern of each kind). */
export interface BlockRuleTable extends CreatedUpdated {
  id: Generated<number>;
  kind: "country" | "user_agent" | "path";
  pattern: string;
  reason: number;
  template_type_id: ColumnType<number, number | undefined, number>;
  applies_to: ColumnType<"all" | "guests" | "users", "all" | "guests" | "users" | undefined, "all" | "guests" | "users">;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  priority: ColumnType<number, number | undefined, number>;
  note: ColumnType<string, string | undefined, string>;
}

export interface AppUserTable {
  id: Generated<number>;
  login: string | null;
  email: string | null;
  phone_number: string | null;
  phone_code: string | null;
  country_code: string | null;
  password_hash: string | null;
  roles: ColumnType<string[], string | undefined, string>;
  ban_level: ColumnType<number, number | undefined, number>;
  ban_version: ColumnType<number, number | undefined, number>;
  user_status_id: ColumnType<number, number | undefined, number>;
  activation_type: ColumnType<number, number | undefined, number>;
  terms_accepted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  user_data: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A sign-in session; only the SHA-256 of its bearer token is stored. */
export interface UserSessionTable {
  token_hash: string;
  user_id: number;
  created_at: Timestamp;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_seen_at: Timestamp;
}

export interface BlockAppealTable {
  id: Generated<number>;
  user_id: number;
  message: string;
  status: ColumnType<"pending" | "answered" | "rejected", "pending" | "answered" | "rejected" | undefined, "pending" | "answered" | "rejected">;
  answer: string | null;
  created_at: Timestamp;
  answered_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** One chapter of a rules group in one language (feature route 47). */
export interface RulesChapterTable {
  group_id: number;
  chapter_id: number;
  lang: string;
  group_title: string;
  title: string;
  body: string;
  updated_at: Timestamp;
}

export interface Database {
  site_config: SiteConfigTable;
  site_config_override: SiteConfigOverrideTable;
  config_group: ConfigGroupTable;
  seed_run: SeedRunTable;
  redirect_rule: RedirectRuleTable;
  block_rule: BlockRuleTable;
  app_user: AppUserTable;
  user_session: UserSessionTable;
  block_appeal: BlockAppealTable;
  rules_chapter: RulesChapterTable;
}

export type { Generated };
