import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { RemixServer } from "@remix-run/react";
import { createStaticHandler } from "@remix-run/router";
import { type ReactElement, type ReactNode, isValidElement } from "react";
import { createStaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";

// Decision 029 (2026-11-28): the server render builds its route tree once per build, not on every
// request (patches of @remix-run/react's RemixServer and react-router-dom's createStaticRouter).
const require = createRequire(import.meta.url);
const routes = [{ id: "root", path: "/", children: [{ id: "home", index: true }, { id: "game", path: "game/:id" }] }];

async function contextFor(path: string) {
  const context = await createStaticHandler(routes).query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error("unexpected response");
  return context;
}

describe("the render's route tree is built once (decision 029)", () => {
  it("are the patched files the server loads", () => {
    expect(readFileSync(require.resolve("@remix-run/react/dist/server.js"), "utf8")).toContain("Patched (betsite, issue 12)");
    for (const file of ["react-router-dom/server.js", "react-router-dom/server.mjs"]) expect(readFileSync(require.resolve(file), "utf8")).toContain("Patched (betsite, issue 12)");
  });

  it("one tree gives the same data routes to every request, with each request's own matches and params", async () => {
    const first = createStaticRouter(routes, await contextFor("/game/1"));
    const second = createStaticRouter(routes, await contextFor("/game/2"));
    expect(second.routes).toBe(first.routes);
    expect(first.state.matches.at(-1)!.params).toEqual({ id: "1" });
    expect(second.state.matches.at(-1)!.params).toEqual({ id: "2" });
    // the matches carry the data routes of the tree, found by id
    expect(second.state.matches.at(-1)!.route).toBe(second.routes[0]!.children![1]);
    const home = createStaticRouter(routes, await contextFor("/"));
    expect(home.state.matches.map((m) => m.route.id)).toEqual(["root", "home"]);
  });

  it("another tree gets data routes of its own", async () => {
    const other = structuredClone(routes);
    const a = createStaticRouter(routes, await contextFor("/"));
    const b = createStaticRouter(other, await contextFor("/"));
    expect(b.routes).not.toBe(a.routes);
    expect(b.routes[0]!.id).toBe("root");
  });

  it("RemixServer builds its routes once for a build, though each request brings a new route modules object", async () => {
    const manifestRoutes = {
      root: { id: "root", path: "", hasLoader: false, hasClientLoader: false, hasAction: false, hasClientAction: false, hasErrorBoundary: false, module: "/root.js" },
      home: { id: "home", parentId: "root", index: true, hasLoader: false, hasClientLoader: false, hasAction: false, hasClientAction: false, hasErrorBoundary: false, module: "/home.js" },
      game: { id: "game", parentId: "root", path: "game/:id", hasLoader: false, hasClientLoader: false, hasAction: false, hasClientAction: false, hasErrorBoundary: false, module: "/game.js" },
    };
    const modules = { root: { default: () => null }, home: { default: () => null }, game: { default: () => null } };
    const render = async (path: string, routeModules: Record<string, unknown>) => {
      const context = {
        manifest: { routes: manifestRoutes, entry: { module: "/entry.js", imports: [] }, url: "/manifest.js", version: "1" },
        routeModules,
        staticHandlerContext: await contextFor(path),
        future: { v3_singleFetch: false, v3_relativeSplatPath: false },
        isSpaMode: false,
        serializeError: (e: Error) => ({ message: e.message }),
      };
      // RemixServer is a function component: its element tree holds the static router it made.
      return routerIn((RemixServer as unknown as (p: unknown) => ReactElement)({ context, url: `http://localhost${path}` }));
    };
    // server-runtime gives each request a new object of the same modules
    const first = await render("/game/1", { ...modules });
    const second = await render("/game/2", { ...modules });
    expect(second.routes).toBe(first.routes);
    expect(second.state.matches.at(-1)!.params).toEqual({ id: "2" });
    // a module that changed (a rebuild in development) builds the routes anew
    const rebuilt = await render("/game/3", { ...modules, game: { default: () => null } });
    expect(rebuilt.routes).not.toBe(first.routes);
  });
});

type FoundRouter = ReturnType<typeof createStaticRouter>;
function routerIn(node: ReactNode): FoundRouter {
  const queue: ReactNode[] = [node];
  while (queue.length > 0) {
    const next = queue.shift();
    if (Array.isArray(next)) queue.push(...(next as ReactNode[]));
    else if (isValidElement(next)) {
      const props = next.props as { router?: FoundRouter; children?: ReactNode };
      if (props.router) return props.router;
      queue.push(props.children);
    }
  }
  throw new Error("no static router in the element tree");
}
