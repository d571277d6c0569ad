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

export interface Database {
  site_config: SiteConfigTable;
  site_config_override: SiteConfigOverrideTable;
  config_group: ConfigGroupTable;
}

export type { Generated };
