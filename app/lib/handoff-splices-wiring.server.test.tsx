import { Links, Meta, Outlet, RemixServer, Scripts, useLoaderData } from "@remix-run/react";
import { type EntryContext, type ServerBuild, createRequestHandler } from "@remix-run/server-runtime";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { KeptHtml } from "~/lib/kept-markup.server";
import { streamed } from "./stream-test-fixtures";
import { type HandoffSplicer, handoffSplicer, installHandoffSplices } from "./handoff-splices.server";
import { type PreparedJson, prepareJson, usePreparedJson } from "./prepared-json";

// Decision 056's wiring through the patched Remix itself: server-runtime makes a splicer per
// document and hands its `splice` to turbo-stream, StreamTransfer passes its scripts through
// `html`. A one-route build in memory, served by Remix's own request handler.

installHandoffSplices();
const key = Symbol.for("remix.serverHandoffSplicer");
/** Every splicer Remix asked for, and the scripts each joined from bytes. */
const made: Array<{ splicer: HandoffSplicer; joined: number }> = [];
(globalThis as Record<symbol, unknown>)[key] = () => {
  const splicer = handoffSplicer();
  const record = { splicer, joined: 0 };
  made.push(record);
  return {
    splice: splicer.splice,
    html: (script: string) => {
      const html = splicer.html(script);
      if (html instanceof KeptHtml) record.joined++;
      return html;
    },
  };
};

const games = prepareJson(Array.from({ length: 200 }, (_, i) => ({ id: i, name: `"Зенит" </script> & ${i}` })));

function Page() {
  const data = useLoaderData<{ games: PreparedJson<Array<{ id: number }>> }>();
  return <p>{usePreparedJson(data.games).length} games</p>;
}

function Root() {
  return (
    <html lang="en">
      <head>
        <Meta />
        <Links />
      </head>
      <body>
        <Outlet />
        <Scripts />
      </body>
    </html>
  );
}

async function handleDocument(request: Request, status: number, headers: Headers, context: EntryContext) {
  const { bytes } = await streamed(renderToPipeableStream, <RemixServer context={context} url={request.url} />);
  return new Response(new Uint8Array(bytes), { status, headers: { ...Object.fromEntries(headers), "content-type": "text/html" } });
}

const route = (id: string, path: string | undefined, parentId: string | undefined, index = false) => ({ id, path, parentId, index, hasLoader: id === "page", hasAction: false, hasClientLoader: false, hasClientAction: false, hasErrorBoundary: false, module: `/${id}.js`, imports: [] });
const build = {
  mode: "production",
  entry: { module: { default: handleDocument } },
  routes: {
    root: { id: "root", path: "", module: { default: Root } },
    page: { id: "page", parentId: "root", index: true, module: { default: Page, loader: () => ({ games }) } },
  },
  assets: { entry: { module: "/entry.js", imports: [] }, routes: { root: route("root", "", undefined), page: route("page", undefined, "root", true) }, url: "/manifest.js", version: "1" },
  publicPath: "/",
  assetsBuildDirectory: "/tmp",
  future: { v3_singleFetch: true, v3_fetcherPersist: true, v3_relativeSplatPath: true, v3_throwAbortReason: true, v3_lazyRouteDiscovery: true, v3_routeConfig: false },
  isSpaMode: false,
} as unknown as ServerBuild;

describe("handoff splices inside Remix (decision 056)", () => {
  const handler = createRequestHandler(build, "production");

  it("splices a document's prepared text into its data script, which still reads as the data", async () => {
    made.length = 0;
    const html = await (await handler(new Request("http://site.test/"))).text();
    expect(html).toContain("<p>200<!-- --> games</p>");
    expect(made).toHaveLength(1);
    expect(made[0]!.joined).toBe(1);
    expect(html).not.toContain("\uE000");
    const script = /streamController\.enqueue\(("(?:[^"\\]|\\.)*")\);<\/script>/.exec(html)?.[1];
    const line = JSON.parse(JSON.parse(script!) as string) as unknown[];
    expect(line).toContain(games.json);
  });

  it("leaves a data request's body to turbo-stream alone", async () => {
    made.length = 0;
    const body = await (await handler(new Request("http://site.test/_root.data"))).text();
    expect(made).toHaveLength(0);
    expect(body).toContain(JSON.stringify(games.json));
  });
});
