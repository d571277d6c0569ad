import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { StartupError, prepareDataDir, unreadableDatabase } from "./data-dir.ts";

const root = mkdtempSync(join(tmpdir(), "data-dir-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("prepareDataDir", () => {
  it("creates a missing folder and accepts an empty one or a database folder", () => {
    expect(prepareDataDir(join(root, "new", "deep"))).toEqual({ fresh: true });
    mkdirSync(join(root, "empty"));
    expect(prepareDataDir(join(root, "empty"))).toEqual({ fresh: true });
    mkdirSync(join(root, "db"));
    writeFileSync(join(root, "db", "PG_VERSION"), "17\n");
    expect(prepareDataDir(join(root, "db"))).toEqual({ fresh: false });
  });

  it("refuses a folder holding other files, naming it, a few of them and what to do", () => {
    const dir = join(root, "photos");
    mkdirSync(dir);
    for (let i = 0; i < 7; i++) writeFileSync(join(dir, `img${i}.jpg`), "x");
    expect(() => prepareDataDir(dir)).toThrow(StartupError);
    expect(() => prepareDataDir(dir)).toThrow(/photos holds files that are not a platform database \(img\d\.jpg, .*… \(7 in all\)\)\. Point PLATFORM_DATA_DIR at a new or empty folder/);
  });

  it("refuses a file where the folder should be", () => {
    writeFileSync(join(root, "a-file"), "x");
    expect(() => prepareDataDir(join(root, "a-file"))).toThrow(/a-file is a file, not a folder/);
  });

  it("words an unreadable database with the folder and its reason", () => {
    const error = unreadableDatabase(join(root, "db"), { name: "ExitStatus", message: "Program terminated with exit(1)" });
    expect(error).toBeInstanceOf(StartupError);
    expect(error.message).toContain(`${join(root, "db")} cannot be opened (Program terminated with exit(1))`);
  });
});
