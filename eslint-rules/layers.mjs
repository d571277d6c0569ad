// ESLint rule `layers/one-way`: inside app/, an import may go down the layers or stay in its own,
// never up (docs/ARCHITECTURE.md "Layers"). The layers, from the bottom:
//
//   0 base        constants, env, route table and ids, seo, styles: the site's facts
//   1 i18n        languages and dictionaries
//   2 services    the platform's APIs over HTTP, every answer parsed with zod
//   3 lib         HTTP and HTML helpers: cookies, headers, streams, responses, return addresses
//   4 domain      coupon/, sports/, notifications/: what the site knows of bets and games
//   5 loaders     guards and the loaders' building blocks
//   6 forms       form schemas and the action pipeline (they run the guards)
//   7 components  React parts of pages, and the root's data as they read it
//   8 shell       root.tsx, entry.server.tsx, entry.client.tsx
//   9 pages       routes/ and chunks/
//
// Test files and fixtures may import anything. A type-only import counts like any other: a type
// from a higher layer ties the lower one to it all the same.
import { dirname, join, normalize, relative, sep } from "node:path";

/** The shell's files, named without their extension (an import names them without one). */
const SHELL = ["root", "entry.server", "entry.client"];
const bare = (p) => p.replace(/\.(tsx?|mjs|js)$/, "");

const LAYERS = [
  { name: "base", match: (p) => !p.includes("/") && !SHELL.includes(bare(p)) },
  { name: "base", match: (p) => p.startsWith("styles/") },
  { name: "i18n", match: (p) => p.startsWith("i18n/") },
  { name: "services", match: (p) => p.startsWith("services/") },
  { name: "lib", match: (p) => p.startsWith("lib/") },
  { name: "domain", match: (p) => p.startsWith("coupon/") || p.startsWith("sports/") || p.startsWith("notifications/") },
  { name: "loaders", match: (p) => p.startsWith("loaders/") },
  { name: "forms", match: (p) => p.startsWith("forms/") },
  { name: "components", match: (p) => p.startsWith("components/") },
  { name: "shell", match: (p) => SHELL.includes(bare(p)) },
  { name: "pages", match: (p) => p.startsWith("routes/") || p.startsWith("chunks/") },
];
const ORDER = ["base", "i18n", "services", "lib", "domain", "loaders", "forms", "components", "shell", "pages"];

/** The layer of a path relative to app/ (without extension games: folders decide). */
export function layerOf(appPath) {
  const hit = LAYERS.find((l) => l.match(appPath));
  return hit ? hit.name : null;
}

const isTestFile = (p) => /\.test\.[cm]?[jt]sx?$/.test(p) || /(^|\/)test-fixtures\.[jt]sx?$/.test(p) || /stream-test-fixtures/.test(p);

export default {
  rules: {
    "one-way": {
      meta: { type: "problem", docs: { description: "app/ imports go down the layers of docs/ARCHITECTURE.md, never up" }, schema: [] },
      create(context) {
        const filename = context.filename ?? context.getFilename();
        const appDir = join(context.cwd ?? process.cwd(), "app");
        const from = relative(appDir, filename).split(sep).join("/");
        if (from.startsWith("..") || isTestFile(from)) return {};
        const fromLayer = layerOf(from);
        if (!fromLayer) return {};
        const check = (node, source) => {
          if (typeof source !== "string") return;
          let target;
          if (source.startsWith("~/")) target = source.slice(2);
          else if (source.startsWith(".")) target = relative(appDir, normalize(join(dirname(filename), source))).split(sep).join("/");
          else return;
          if (target.startsWith("..")) return;
          const toLayer = layerOf(target);
          if (!toLayer) return;
          if (ORDER.indexOf(toLayer) > ORDER.indexOf(fromLayer)) {
            context.report({ node, message: `app/${from} (${fromLayer}) must not import ${source} (${toLayer}): imports go down the layers (docs/ARCHITECTURE.md)` });
          }
        };
        return {
          ImportDeclaration: (node) => check(node, node.source.value),
          ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
          ExportAllDeclaration: (node) => check(node, node.source.value),
          ImportExpression: (node) => node.source.type === "Literal" && check(node, node.source.value),
        };
      },
    },
  },
};
