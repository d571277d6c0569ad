import { describe, expect, it } from "vitest";
import { firstLoadJs } from "../../bench/support/first-load";

// Decision 054: the compiler's patch makes every route's browser entry import its parents' and
// every lazily imported module import the shell routes', so the files the shell shares land in
// one chunk rather than one chunk per set of importers (the build had 29 files for the shell
// and 47 for home without it). The built manifest is read as the browser would follow it.
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
    expect(home.files).toBeLessThanOrEqual(30);
    expect(login.files - shell.files).toBeLessThanOrEqual(8);
  });

  it("loads an operations page (its error boundary shows the site's layout) in a few files too", async () => {
    expect((await firstLoadJs(appDir, ["root", "ops"])).files).toBeLessThanOrEqual(10);
  });
});
