// npm run test:html: every page type in ru, en and ar (BENCH_ALL_LANGUAGES=1 or `--all`: all
// nine) through the W3C Nu HTML checker (vnu-jar), in one Java run over all files. Any error
// fails; warnings are listed. Needs the built site (npm run build) and Java (.ci/run installs a
// JRE when `java` is missing).
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { languages } from "../support/pages";
import { startStack } from "../support/stack";
import { pagesToCheck, visitors } from "./pages-to-check";

const require = createRequire(import.meta.url);
const vnuJar: string = require("vnu-jar");

const all = process.argv.includes("--all") || process.env.BENCH_ALL_LANGUAGES === "1";
const checkedLanguages = all ? [...languages] : ["ru", "en", "ar"];

interface VnuMessage {
  type: "error" | "info" | "non-document-error";
  subType?: "warning" | "fatal";
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

async function fetchFinal(base: string, path: string, cookie: string): Promise<{ url: string; status: number; html: string }> {
  let url = `${base}${path}`;
  for (let hop = 0; hop < 6; hop++) {
    const res = await fetch(url, { redirect: "manual", headers: { cookie } });
    const location = res.headers.get("location");
    if (res.status >= 300 && res.status < 400 && location) {
      await res.arrayBuffer();
      url = new URL(location, url).toString();
      continue;
    }
    return { url, status: res.status, html: await res.text() };
  }
  throw new Error(`too many redirects from ${path}`);
}

async function main() {
  const stack = await startStack({ sports: true });
  const dir = mkdtempSync(join(tmpdir(), "html-check-"));
  const files = new Map<string, string>();
  try {
    const v = await visitors(stack.platformUrl, "vnu");
    const seen = new Set<string>();
    for (const lng of checkedLanguages) {
      for (const page of pagesToCheck(v)) {
        const answer = await fetchFinal(stack.siteUrl, `/${lng}${page.path}`, page.cookie);
        const key = `${answer.url}|${page.cookie}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const file = join(dir, `${lng}-${page.name.replace(/[^a-z0-9-]+/gi, "_")}.html`);
        writeFileSync(file, answer.html);
        files.set(`file:${file}`, `${lng} ${page.name}: ${new URL(answer.url).pathname} (${answer.status})`);
      }
    }
  } finally {
    await stack.stop();
  }

  const run = promisify(execFile);
  let output: string;
  try {
    const result = await run("java", ["-jar", vnuJar, "--format", "json", "--exit-zero-always", ...[...files.keys()].map((f) => f.slice(5))], {
      maxBuffer: 64 * 1024 * 1024,
    });
    output = result.stderr;
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`the Nu HTML checker did not run (is Java installed?): ${(error as Error).message}`);
  }
  rmSync(dir, { recursive: true, force: true });
  const messages = (JSON.parse(output) as { messages: VnuMessage[] }).messages;
  const where = (m: VnuMessage) => files.get(m.url) ?? m.url;
  const errors = messages.filter((m) => m.type !== "info");
  const warnings = messages.filter((m) => m.type === "info" && m.subType === "warning");
  const group = (list: VnuMessage[]) => {
    const byMessage = new Map<string, string[]>();
    for (const m of list) byMessage.set(m.message, [...(byMessage.get(m.message) ?? []), `${where(m)} line ${m.lastLine ?? "?"}`]);
    return [...byMessage].map(([message, at]) => `  ${message}\n${at.slice(0, 5).map((a) => `      ${a}`).join("\n")}${at.length > 5 ? `\n      … ${at.length - 5} more` : ""}`);
  };
  console.log(`Nu HTML checker: ${files.size} pages in ${checkedLanguages.join(", ")}: ${errors.length} errors, ${warnings.length} warnings`);
  if (warnings.length) console.log(`warnings:\n${group(warnings).join("\n")}`);
  if (errors.length) {
    console.error(`errors:\n${group(errors).join("\n")}`);
    process.exit(1);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
