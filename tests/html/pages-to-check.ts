// The pages the HTML checker (npm run test:html) and the accessibility sweep look at: every page
// type of the route table, as the visitor who can see it, plus the variants of the pages whose
// forms change with the URL.
import { hooks } from "../support/hooks";
import { type SamplePage, samplePages } from "../support/pages";

export interface PageToCheck {
  /** A readable name: route id and visitor. */
  name: string;
  /** The path after the language prefix. */
  path: string;
  cookie: string;
}

/** Accounts that unlock the signed-in page types: a player, one with new terms, a banned one. */
export async function visitors(platformUrl: string, tag: string) {
  const h = hooks(platformUrl);
  const player = await h.createUser({ email: `html-${tag}-player@example.com`, password: "Secret123" });
  const terms = await h.createUser({ email: `html-${tag}-terms@example.com`, password: "Secret123", termsAccepted: false });
  const banned = await h.createUser({ email: `html-${tag}-banned@example.com`, password: "Secret123", ban_level: 45 });
  const cookie = (token: string) => `user_token=${token}; ua=1; age_confirmed=1`;
  return { guest: "age_confirmed=1", player: cookie(player.token), terms: cookie(terms.token), banned: cookie(banned.token) };
}

/** Signed-in pages are checked as the visitor who gets them; the rest as a guest. */
const signedInAs: Record<string, keyof Awaited<ReturnType<typeof visitors>>> = {
  "confirm-terms": "terms",
  "block-appeal-history": "banned",
};

const extraPaths: Array<{ name: string; path: string; visitor: "guest" | "player" }> = [
  { name: "registration-phone", path: "/registration/phone", visitor: "guest" },
  { name: "registration-full", path: "/registration/full", visitor: "guest" },
  { name: "registration-one-click", path: "/registration/one-click", visitor: "guest" },
  { name: "login-sms", path: "/login?form=sms", visitor: "guest" },
  { name: "home-player", path: "", visitor: "player" },
  { name: "logout-player", path: "/logout", visitor: "player" },
];

export function pagesToCheck(v: Awaited<ReturnType<typeof visitors>>): PageToCheck[] {
  const pages = samplePages.map((page: SamplePage) => {
    const who = signedInAs[page.id] ?? (page.auth ? "player" : "guest");
    return { name: `${page.id} (${who})`, path: page.path, cookie: [v[who], page.cookie].filter(Boolean).join("; ") };
  });
  return [...pages, ...extraPaths.map((e) => ({ name: `${e.name} (${e.visitor})`, path: e.path, cookie: v[e.visitor] }))];
}
