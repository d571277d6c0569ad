// The site's HTTP server (`node scripts/site-server.mjs build/index.js`): what remix-serve does
// (compression, the build's assets and public/, the Remix handler, re-import in development),
// plus two things remix-serve cannot do (decision 012):
// - it runs every request inside an AsyncLocalStorage holding the socket's address and headers,
//   so the site can tell the platform who the visitor is (app/services/visitor.server.ts);
// - it refuses to start, with a message, when its port is taken.
import { createRequestHandler } from "@remix-run/express";
import { broadcastDevReady, installGlobals } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { AsyncLocalStorage } from "node:async_hooks";
import { statSync, watch } from "node:fs";
import { dirname, resolve } from "node:path";
import { pathToFileURL } from "node:url";

process.env.NODE_ENV = process.env.NODE_ENV ?? "production";
const development = process.env.NODE_ENV === "development";

/** Shared with the build through a registered symbol: the build is bundled apart from this file. */
const VISITOR = Symbol.for("arena-bet.visitor");
const visitors = (globalThis[VISITOR] ??= new AsyncLocalStorage());

function logLine(level, event, fields) {
  const line = JSON.stringify({ t: new Date().toISOString(), level, event, ...fields });
  (level === "error" ? console.error : console.log)(line);
}

const buildArg = process.argv[2];
if (!buildArg) {
  console.error("Usage: node scripts/site-server.mjs <server-build-path>, e.g. build/index.js");
  process.exit(1);
}
const buildPath = resolve(buildArg);
const importBuild = () => import(`${pathToFileURL(buildPath).href}?t=${statSync(buildPath).mtimeMs}`);

let build = await importBuild();
installGlobals({ nativeFetch: build.future.v3_singleFetch });

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST || undefined;

const app = express();
app.disable("x-powered-by");
app.use(compression());
app.use(build.publicPath, express.static(build.assetsBuildDirectory, { immutable: true, maxAge: "1y" }));
app.use(express.static("public", { maxAge: "1h" }));
// One JSON line per request, like the rest of the site's log; the path only, never the query
// (login links and codes travel in queries).
app.use((req, res, next) => {
  const started = process.hrtime.bigint();
  res.once("finish", () => {
    const ms = Number((process.hrtime.bigint() - started) / 1_000_000n);
    logLine("info", "http", { method: req.method, path: req.path, status: res.statusCode, ms });
  });
  next();
});

const handlerFor = (current) => createRequestHandler({ build: current, mode: process.env.NODE_ENV });
let handler = handlerFor(build);
app.all("*", (req, res, next) => {
  const visitor = { socketAddress: req.socket.remoteAddress, headers: req.headers };
  visitors.run(visitor, () => handler(req, res, next));
});

if (development) {
  // remix dev --manual writes version.txt beside the build after each rebuild: re-import it.
  const versionFile = resolve(dirname(buildPath), "version.txt");
  let pending = Promise.resolve();
  watch(dirname(buildPath), (_event, name) => {
    if (name !== "version.txt") return;
    pending = pending
      .then(async () => {
        statSync(versionFile);
        build = await importBuild();
        handler = handlerFor(build);
        await broadcastDevReady(build);
      })
      .catch((error) => logLine("error", "dev.reimport", { message: error.message }));
  });
}

const server = host ? app.listen(port, host) : app.listen(port);
server.once("listening", () => {
  console.log(`[site] http://localhost:${port}${host ? ` (listening on ${host})` : ""}`);
  if (development) void broadcastDevReady(build);
});
server.once("error", (error) => {
  if (error.code === "EADDRINUSE") {
    console.error(`[site] port ${port} on ${host ?? "all interfaces"} is already taken by another program: stop it, or set PORT to a free port`);
  } else {
    console.error(`[site] cannot listen on port ${port}: ${error.message}`);
  }
  process.exit(1);
});
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.once(signal, () => server.close(() => process.exit(0)));
}
