import type { Migration, MigrationProvider } from "kysely";
import * as m001 from "./001_config.ts";

// Migrations are listed here, in order, so the bundle-free runtime needs no folder scan.
const migrations: Record<string, Migration> = {
  "001_config": m001,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
