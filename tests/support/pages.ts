// Every page of the route table as a concrete URL, for the tests that sweep all pages (bytes,
// HTML validity, accessibility, sign-in walk).
import { blockPageByReason } from "../../app/loaders/guard-rules";
import { supportedLanguages } from "../../app/i18n/languages";
import { routeTable } from "../../app/route-table.mjs";

export const languages = supportedLanguages;

export interface SamplePage {
  id: string;
  /** The path after the language prefix ("" for the home page), with a query if the page needs one. */
  path: string;
  /** Sign-in required (route meta `auth`). */
  auth: boolean;
  /** Cookies the page needs to be shown at all (e.g. the maintenance page). */
  cookie?: string;
}

/** Sample values of the required route params; a new one must be added here, so no route is skipped. */
const paramSamples: Record<string, string> = {
  ruleGroup: "1",
  result: "success",
  // The sports pages (a wrong slug or section is a redirect to the canonical address).
  sport: "1-football",
  champ: "6-premier-league",
  game: "1",
  gameId: "1",
  teamId: "1",
  type: "real",
  special: "epl",
  couponId: "1",
};

/** Resource routes (a `.ts` module: JSON, no view) are not HTML pages. */
const isPage = (file: string) => file.endsWith(".tsx");

function samplePath(id: string, path: string | undefined, index: boolean | undefined): string {
  if (index) return "";
  if (!path) throw new Error(`route ${id} has neither path nor index`);
  if (path === "*") return "/no-such-page";
  const segments = path.split("/").flatMap((segment) => {
    if (!segment.startsWith(":")) return [segment];
    if (segment.endsWith("?")) return [];
    const name = segment.replace(/^:|\?$/g, "");
    const value = paramSamples[name];
    if (value === undefined) throw new Error(`no sample value for :${name} of route ${id} (tests/support/pages.ts)`);
    return [value];
  });
  const reason = Object.entries(blockPageByReason).find(([, page]) => page === id)?.[0];
  return `/${segments.join("/")}${reason ? `?reason=${reason}` : ""}`;
}

export const samplePages: SamplePage[] = routeTable
  .filter((entry) => isPage(entry.file))
  .map((entry) => ({
    id: entry.id,
    path: samplePath(entry.id, entry.path, entry.index),
    auth: entry.meta.auth === true,
    ...(entry.id === "maintenance" ? { cookie: "maintenance=1" } : {}),
  }));

export function pageUrl(lng: string, page: SamplePage): string {
  return `/${lng}${page.path}`;
}
