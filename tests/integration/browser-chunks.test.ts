import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { chunkGzip, firstLoadJs } from "../../bench/support/first-load";

// Decision 054: the compiler's patch makes every route's browser entry import its parents' and
// every lazily imported module import the shell routes', so the files the shell shares land in
// one chunk rather than one chunk per set of importers (the build had 29 files for the shell
// and 47 for home without it); the sports pages share one chunk of their own (decision 057). The
// built manifest is read as the browser would follow it.
const appDir = process.cwd();

describe("browser chunks of the build", () => {
  it("loads the shell every page shares (entry, root, language layout) in a few files, none empty", async () => {
    const shell = await firstLoadJs(appDir, ["root", "lng"]);
    expect(shell.files).toBeLessThanOrEqual(10);
    expect(shell.empty).toBe(0);
  });

  it("adds only the page's own files for home and for the sign-in page", async () => {
    const shell = await firstLoadJs(appDir, ["root", "lng"]);
    const home = await firstLoadJs(appDir, ["root", "lng", "home"]);
    const login = await firstLoadJs(appDir, ["root", "lng", "login"]);
    // Home's own module and the sports pages' shared chunk (decision 057), where the modules
    // home shares with the sports pages made fifteen small chunks.
    expect(home.files - shell.files).toBeLessThanOrEqual(3);
    expect(login.files - shell.files).toBeLessThanOrEqual(8);
    // A stylesheet's address linked by many pages travels in the shell, not in a chunk of its own.
    expect(home.empty).toBe(0);
    expect(login.empty).toBe(0);
  });

  it("loads the sports pages with one chunk they share, the one home loads", async () => {
    const shell = await firstLoadJs(appDir, ["root", "lng"]);
    const home = await firstLoadJs(appDir, ["root", "lng", "home"]);
    const section = await firstLoadJs(appDir, ["root", "lng", "live"]);
    const both = await firstLoadJs(appDir, ["root", "lng", "home", "live"]);
    // The list of live games adds its own module and its filters' to what home loaded.
    expect(section.files - shell.files).toBeLessThanOrEqual(5);
    expect(both.files - home.files).toBeLessThanOrEqual(3);
  });

  it("has every page that shows the sports layout, a game list or odds import the sports pages' chunk", () => {
    const routes = readdirSync(join(appDir, "app/routes"), { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".tsx"));
    const uses = /from "~\/components\/sports\/(SportsLayout|GameList|OddButton)"/;
    const sportsPages = routes.filter((f) => uses.test(readFileSync(join(appDir, "app/routes", f), "utf8")));
    expect(sportsPages.length).toBeGreaterThan(8);
    const without = sportsPages.filter((f) => !readFileSync(join(appDir, "app/routes", f), "utf8").includes('import "~/chunks/sports";'));
    expect(without).toEqual([]);
  });

  it("has no empty file anywhere in the browser build", () => {
    // A module only loaders, actions or headers use is named .server (decision 046): otherwise its
    // import stays in the browser and a chunk holding nothing is loaded for it.
    const scripts = readdirSync(join(appDir, "public/build"), { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".js"));
    expect(scripts.length).toBeGreaterThan(20);
    const empty = scripts.filter((f) => chunkGzip(readFileSync(join(appDir, "public/build", f))).empty);
    expect(empty).toEqual([]);
  });

  it("loads an operations page (its error boundary shows the site's layout) in a few files too", async () => {
    expect((await firstLoadJs(appDir, ["root", "ops"])).files).toBeLessThanOrEqual(10);
  });
});
