import { existsSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { resolve } from "node:path";

/** A start-up problem the operator can fix; main.ts prints its message alone, without a trace. */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StartupError";
  }
}

/** Files a PGlite (PostgreSQL) data folder always has. */
const DATABASE_MARKER = "PG_VERSION";

/**
 * Makes sure PLATFORM_DATA_DIR can hold the platform's database before PGlite opens it: missing
 * or empty is fine (created), a database folder is fine; anything else stops start-up with a
 * message naming the folder and what to do, rather than PGlite's bare ExitStatus.
 */
export function prepareDataDir(dir: string): { fresh: boolean } {
  const where = resolve(dir);
  if (!existsSync(where)) {
    mkdirSync(where, { recursive: true });
    return { fresh: true };
  }
  if (!statSync(where).isDirectory()) {
    throw new StartupError(
      `PLATFORM_DATA_DIR ${where} is a file, not a folder. Point PLATFORM_DATA_DIR at a new or empty folder (the platform creates its database there), or move the file away.`,
    );
  }
  const entries = readdirSync(where);
  if (entries.length === 0) return { fresh: true };
  if (entries.includes(DATABASE_MARKER)) return { fresh: false };
  const shown = entries.slice(0, 5).join(", ") + (entries.length > 5 ? `, … (${entries.length} in all)` : "");
  throw new StartupError(
    `PLATFORM_DATA_DIR ${where} holds files that are not a platform database (${shown}). Point PLATFORM_DATA_DIR at a new or empty folder (the platform creates its database there), or move those files away.`,
  );
}

/** The message for a database folder PGlite could not open. */
export function unreadableDatabase(dir: string, error: unknown): StartupError {
  const reason = error instanceof Error ? error.message : typeof error === "object" && error && "message" in error ? String(error.message) : String(error);
  return new StartupError(
    `The platform database in ${resolve(dir)} cannot be opened (${reason}). It may be damaged, in use by another platform process, or from another PGlite version: stop the other process, restore a backup, or move the folder away to start with a fresh database.`,
  );
}
