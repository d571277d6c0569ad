// Every change our patches (patches/, applied by patch-package at install) make to the libraries,
// one entry per independent change, as docs/PATCHES.md lists them: which lines of which patch are
// the change (ChangeSelector: the patched file and a text its changed lines hold), which decision
// records it, and what it serves (the peer bench's pages it runs on, or the browser build). The
// patches bench (bench/patches.bench.ts) takes each change out of a copy of the site and measures
// the copy beside the whole site.
import type { ChangeSelector } from "../../scripts/patch-files";

export type PageName = "home" | "login" | "sports" | "feed";

export interface PatchChange {
  id: string;
  title: string;
  decision: string;
  /** The changed lines, per patched package. */
  parts: { pkg: string; selectors: ChangeSelector[] }[];
  /**
   * The peer bench's pages whose requests run the changed code, measured under load with and
   * without it; none for a change of the browser build only.
   */
  pages: PageName[];
  /** The change is in code the browser build bundles: the first-load JavaScript is compared. */
  build: boolean;
  /** A change of behaviour, not of speed: its tests measure it, and the bench shows the answers with and without. */
  behaviour?: boolean;
}

const allPages: PageName[] = ["home", "login", "sports", "feed"];
/** Pages React renders; the feed is a resource route (JSON, no render, no data script). */
const documents: PageName[] = ["home", "login", "sports"];

export const patchChanges: PatchChange[] = [
  {
    id: "origin-check",
    title: "Origin check: missing or null Origin falls to the CSRF token, a foreign one gets a 4xx with a body (backport)",
    decision: "010",
    parts: [
      {
        pkg: "@remix-run/server-runtime",
        selectors: [
          { file: /^dist\/(esm\/)?actions\.js$/ },
          { file: /^dist\/(esm\/)?(server|single-fetch)\.js$/, markers: ["originRefusal", "throwIfPotentialCSRFAttack"] },
        ],
      },
    ],
    pages: [],
    build: false,
    behaviour: true,
  },
  {
    id: "handoff-splices",
    title: "Prepared texts spliced into a document's data script, escaped once per text",
    decision: "056",
    parts: [
      { pkg: "turbo-stream", selectors: [{ file: /^dist\// }] },
      { pkg: "@remix-run/server-runtime", selectors: [{ file: /^dist\/(esm\/)?(server|single-fetch)\.js$/, markers: ["plice"] }] },
      { pkg: "@remix-run/react", selectors: [{ file: /^dist\/(esm\/)?single-fetch\.js$/ }] },
    ],
    pages: documents,
    build: true,
  },
  {
    id: "render-tree",
    title: "The render's route tree built once per build (RemixServer's server routes and the static router's data routes)",
    decision: "029 (2026-11-28)",
    parts: [
      { pkg: "@remix-run/react", selectors: [{ file: "dist/server.js" }] },
      { pkg: "react-router-dom", selectors: [{ file: /^server\.m?js$/ }] },
    ],
    pages: documents,
    build: false,
  },
  {
    id: "render-tree-data-routes",
    title: "The static router's data routes kept per route tree (react-router-dom's half of render-tree alone)",
    decision: "029 (2026-11-28)",
    parts: [{ pkg: "react-router-dom", selectors: [{ file: /^server\.m?js$/ }] }],
    pages: documents,
    build: false,
  },
  {
    id: "router-ranked-branches",
    title: "A route tree flattened and ranked once, not on every match (and the branch memory, which lives beside it)",
    decision: "029",
    parts: [{ pkg: "@remix-run/router", selectors: [{ file: "dist/router.cjs.js", markers: ["rankedBranches.get", "memoKey"] }] }],
    pages: allPages,
    build: false,
  },
  {
    id: "router-branch-memo",
    title: "The branch each pathname matched remembered per tree",
    decision: "029 (2026-11-28)",
    parts: [{ pkg: "@remix-run/router", selectors: [{ file: "dist/router.cjs.js", markers: ["memoKey"] }] }],
    pages: allPages,
    build: false,
  },
  {
    id: "router-compiled-paths",
    title: "Each route pattern compiled to its regular expression once",
    decision: "029",
    parts: [{ pkg: "@remix-run/router", selectors: [{ file: "dist/router.cjs.js", markers: ["compilePathUncached"] }] }],
    pages: allPages,
    build: false,
  },
  {
    id: "react-string-writer",
    title: "React's stream renderer gathers its HTML as a string, encoded once per 16 Ki characters",
    decision: "050",
    parts: [{ pkg: "react-dom", selectors: [{ file: "cjs/react-dom-server.node.production.min.js", markers: ['k=""'] }] }],
    pages: documents,
    build: false,
  },
  {
    id: "react-kept-bytes",
    title: "dangerouslySetInnerHTML writes kept HTML's UTF-8 bytes as they are",
    decision: "050 (update), 055",
    parts: [{ pkg: "react-dom", selectors: [{ file: "cjs/react-dom-server.node.production.min.js", markers: ["b.utf8"] }] }],
    pages: documents,
    build: false,
  },
  {
    id: "dev-parent-entries",
    title: "A route's browser entry imports its parents' entries",
    decision: "054",
    parts: [{ pkg: "@remix-run/dev", selectors: [{ file: "dist/compiler/js/plugins/routes.js", markers: ["parent.parentId"] }] }],
    pages: [],
    build: true,
  },
  {
    id: "dev-shell-reach",
    title: "A lazily imported app module imports the shell routes' entries (browserShellRoutes)",
    decision: "054",
    parts: [
      {
        pkg: "@remix-run/dev",
        selectors: [
          { file: "dist/compiler/js/plugins/routes.js", markers: ["node:fs", "fs__namespace =", "browserShellRoutes"] },
          { file: "dist/config.js" },
        ],
      },
    ],
    pages: [],
    build: true,
  },
  {
    id: "dev-empty-modules",
    title: "Server-only modules' empty stand-ins marked free of side effects, so they leave no chunks",
    decision: "046",
    parts: [{ pkg: "@remix-run/dev", selectors: [{ file: "dist/compiler/plugins/emptyModules.js" }] }],
    pages: [],
    build: true,
  },
];
