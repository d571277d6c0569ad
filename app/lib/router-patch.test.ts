import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { matchRoutes } from "@remix-run/router";
import { describe, expect, it } from "vitest";

// Decision 029: the server's copy of the router caches ranked branches per route tree and
// compiled path patterns; matching must answer exactly as before.
const tree = [
  {
    id: "root",
    path: "",
    children: [
      { id: "redirect", index: true },
      { id: "ops", path: "ops", children: [{ id: "ops-home", index: true }, { id: "ops-edit", path: "redirects/:id" }] },
      {
        id: "lng",
        path: ":lng",
        children: [
          { id: "home", index: true },
          { id: "rules", path: "rules/:ruleGroup/:chapter?" },
          { id: "live-game", path: "live/:sport/:champ/:game" },
          { id: "special", path: ":special" },
          { id: "not-found", path: "*" },
        ],
      },
    ],
  },
];

const ids = (path: string) => matchRoutes(tree, path)?.map((m) => m.route.id).join(">");

describe("the patched route matcher (decision 029)", () => {
  it("is the patched file the server loads", () => {
    const file = createRequire(import.meta.url).resolve("@remix-run/router");
    expect(readFileSync(file, "utf8")).toContain("Patched (betsite, issue 12)");
  });

  it("matches the same routes and params on every call of one tree", () => {
    for (let i = 0; i < 2; i++) {
      expect(ids("/")).toBe("root>redirect");
      expect(ids("/ru/")).toBe("root>lng>home");
      expect(ids("/ru/rules/1")).toBe("root>lng>rules");
      expect(matchRoutes(tree, "/ru/rules/1/2")?.at(-1)?.params).toEqual({ lng: "ru", ruleGroup: "1", chapter: "2" });
      expect(ids("/ru/live/1-a/2-b/3-c")).toBe("root>lng>live-game");
      expect(ids("/ru/champ")).toBe("root>lng>special");
      expect(matchRoutes(tree, "/ru/a/b/c")?.at(-1)?.params["*"]).toBe("a/b/c");
      expect(ids("/ops/redirects/7")).toBe("root>ops>ops-edit");
      expect(ids("/OPS/")).toBe("root>ops>ops-home");
    }
  });

  it("a new tree of the same shape answers with its own route objects", () => {
    const copy = structuredClone(tree);
    const first = matchRoutes(tree, "/ru/live/1-a/2-b/3-c")!;
    const second = matchRoutes(copy, "/ru/live/1-a/2-b/3-c")!;
    expect(second.map((m) => m.route.id)).toEqual(first.map((m) => m.route.id));
    expect(second.at(-1)!.route).toBe(copy[0]!.children[2]!.children![2]);
    expect(first.at(-1)!.route).toBe(tree[0]!.children[2]!.children![2]);
    expect(second.at(-1)!.params).toEqual(first.at(-1)!.params);
    // and matches the same way again
    expect(matchRoutes(copy, "/ops/redirects/7")!.at(-1)!.route).toBe(copy[0]!.children[1]!.children![1]);
  });

  it("a tree with the same ids but other paths, or without ids, is ranked on its own", () => {
    const moved = structuredClone(tree);
    moved[0]!.children[2]!.children![2]!.path = "in-play/:sport/:champ/:game";
    expect(matchRoutes(moved, "/ru/in-play/1/2/3")?.map((m) => m.route.id).join(">")).toBe("root>lng>live-game");
    expect(matchRoutes(moved, "/ru/live/1/2/3")?.map((m) => m.route.id).join(">")).toBe("root>lng>not-found");
    const anonymous = [{ path: "/", children: [{ path: "a/:x" }, { path: "*" }] }];
    expect(matchRoutes(anonymous, "/a/1")?.at(-1)?.params).toEqual({ x: "1" });
    const duplicated = [{ id: "d", path: "/", children: [{ id: "d", path: "b" }] }];
    expect(matchRoutes(duplicated, "/b")?.at(-1)?.route).toBe(duplicated[0]!.children[0]);
  });

  it("a pathname matched again answers the same, with match objects of its own, and a miss stays a miss", () => {
    const path = "/ru/rules/5/6";
    const first = matchRoutes(tree, path)!;
    const second = matchRoutes(tree, path)!;
    expect(second.map((m) => m.route.id)).toEqual(first.map((m) => m.route.id));
    expect(second.at(-1)!.params).toEqual({ lng: "ru", ruleGroup: "5", chapter: "6" });
    // a caller that changes its matches does not change the next caller's
    expect(second).not.toBe(first);
    expect(second.at(-1)!.params).not.toBe(first.at(-1)!.params);
    (first.at(-1)!.params as Record<string, string>).chapter = "changed";
    expect(matchRoutes(tree, path)!.at(-1)!.params.chapter).toBe("6");
    // a tree of the same shape gets its own routes back from the remembered branch too
    const copy = structuredClone(tree);
    expect(matchRoutes(copy, path)!.at(-1)!.route).toBe(copy[0]!.children[2]!.children![1]);
    const strict = [{ id: "r", path: "/", children: [{ id: "a", path: "a/:x" }] }];
    for (let i = 0; i < 2; i++) {
      expect(matchRoutes(strict, "/b")).toBeNull();
      expect(matchRoutes(strict, "/a/1")?.at(-1)?.params).toEqual({ x: "1" });
    }
  });

  it("remembers a branch per pathname exactly: percent-encoding and case are the same pathnames as without the memo", () => {
    for (let i = 0; i < 2; i++) {
      expect(matchRoutes(tree, "/ru/live/1-%D0%B0/2-b/3-c")?.at(-1)?.params.sport).toBe("1-а");
      expect(ids("/OPS/redirects/7")).toBe("root>ops>ops-edit");
      expect(ids("/ops/redirects/7/8")).toBe("root>lng>not-found");
    }
  });

  it("remembers a pathname's branch per route table: one pathname matched in two tables of other shapes gets each table's own route", () => {
    const a = [{ id: "a-root", path: "/", children: [{ id: "a-param", path: "x/:id" }] }];
    const b = [{ id: "b-root", path: "/", children: [{ id: "b-splat", path: "x/*" }, { id: "b-static", path: "x/1" }, { id: "b-other", path: "y" }] }];
    for (let i = 0; i < 2; i++) {
      expect(matchRoutes(a, "/x/1")?.at(-1)?.route.id).toBe("a-param");
      expect(matchRoutes(b, "/x/1")?.at(-1)?.route.id).toBe("b-static");
      expect(matchRoutes(a, "/y")).toBeNull();
      expect(matchRoutes(b, "/y")?.at(-1)?.route.id).toBe("b-other");
    }
  });

  it("matches a very long pathname (not remembered) the same every time", () => {
    const long = `/ru/live/1-a/2-b/3-${"x".repeat(400)}`;
    for (let i = 0; i < 2; i++) expect(ids(long)).toBe("root>lng>live-game");
  });
});
