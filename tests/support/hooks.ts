import { pendingLegacyRedirectRules } from "../../platform/seed/redirects-blocks";
// Client of the platform's test hooks (PLATFORM_TEST_HOOKS=1): users, rules, config, faults.

/** One JSON call to a platform hook: its parsed answer (null when empty), or an error with its text. */
export async function hookRequest(base: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/**
 * The test hooks of the platform at `platform`: its URL, or a function that reads it when a hook
 * is called (for a client made at load time, before its stack has started).
 */
export function hooks(platform: string | (() => string)) {
  const base = typeof platform === "string" ? () => platform : platform;
  const call = (method: string, path: string, body?: unknown) => hookRequest(base(), method, path, body);
  return {
    createUser: (
      input: {
        login?: string;
        email?: string;
        password?: string;
        phone_number?: string;
        phone_code?: string;
        two_factor_enabled?: boolean;
        ban_level?: number;
        ban_version?: number;
        termsAccepted?: boolean;
        roles?: string[];
        disallow_line_sport?: number[];
        disallow_live_sport?: number[];
      } = {},
    ) =>
      call("POST", "/__test/users", input) as Promise<{ userId: number; token: string }>,
    addRedirectRule: (rule: { source: string; target: string; code: number; languages?: string[] | null; priority?: number; active?: boolean }) =>
      call("POST", "/__test/redirect-rules", rule) as Promise<{ id: number }>,
    deleteRedirectRule: (id: number) => call("DELETE", `/__test/redirect-rules/${id}`),
    /** The legacy redirects of SPEC §2 whose pages are not built yet (not seeded: they would 404). */
    addPendingLegacyRedirects: async () => {
      const ids: number[] = [];
      for (const rule of pendingLegacyRedirectRules) ids.push(((await call("POST", "/__test/redirect-rules", rule)) as { id: number }).id);
      return ids;
    },
    addBlockRule: (rule: { kind: "country" | "user_agent" | "path"; pattern: string; reason: number; appliesTo?: string; priority?: number }) =>
      call("POST", "/__test/block-rules", rule) as Promise<{ id: number }>,
    deleteBlockRule: (id: number) => call("DELETE", `/__test/block-rules/${id}`),
    setConfig: (key: string, value: unknown, country?: string) => call("PUT", `/__test/config/${key}`, { value, country }),
    /** A fault on the platform's paths under `path`; with `key`, only on requests with that Idempotency-Key (safe beside other tests). */
    fault: (fault: { path: string; mode: "down" | "slow" | "error" | "shape" | "drop"; delayMs?: number; status?: number; remaining?: number; key?: string }) =>
      call("POST", "/__test/faults", fault),
    clearFaults: () => call("DELETE", "/__test/faults"),
    /**
     * Stops the live simulator's clock: games read from the feed stay live (or on the line) while
     * a test looks for them on the pages, and pages stop changing under a check.
     */
    pauseSimulator: () => call("POST", "/__test/sports/pause", {}),
    resumeSimulator: () => call("POST", "/__test/sports/resume", {}),
    /**
     * Ends now the live matches of every league with an outright, then lets the simulator take a
     * step: a live match suspends its league's outright (decision 041), and the seed puts real
     * fixtures live at their real kick-off times (a Saturday afternoon's Premier League), so a
     * test that bets on an outright would otherwise pass or fail by the time of day. Call it with
     * the simulator paused, so that no step but its own starts a match.
     */
    openOutrights: async () => {
      // A first step puts live what the clock says is on (a fresh platform's first tick). Each
      // step may start more: the simulator tops the live section up from the earliest line games,
      // real fixtures too, so a league's next match can suspend its outright again.
      await call("POST", "/__test/sports/advance", { seconds: 1 });
      let blocked: number[] = [];
      for (let round = 0; round < 5; round++) {
        const { championships } = (await call("GET", "/sports-api/championships?sport=1")) as { championships: { id: number }[] };
        blocked = [];
        for (const { id } of championships) {
          const { game } = (await call("GET", `/sports-api/championships/${id}/outright`)) as { game: { markets: { blocked: boolean }[] } | null };
          if (game?.markets.some((m) => m.blocked)) blocked.push(id);
        }
        if (blocked.length === 0) return;
        for (const id of blocked) {
          const { games } = (await call("GET", `/sports-api/feed/live?sport=1&champ=${id}`)) as { games: { id: number }[] };
          for (const live of games) await call("POST", `/__test/sports/games/${live.id}/state`, { status: 4 });
        }
        await call("POST", "/__test/sports/advance", { seconds: 1 });
      }
      throw new Error(`outrights still suspended after five rounds: championships ${blocked.join(", ")}`);
    },
    /** A hook without a helper of its own (the bets and sports hooks a browser test drives): `body` posted as JSON, the JSON answer. */
    post: (path: string, body: unknown = {}) => call("POST", path, body),
    /** A credential of the fake Google provider for a person, as its one-tap prompt posts it to the site. */
    socialCredential: async (person: { email: string; name: string }) =>
      ((await call("POST", "/__test/social/credential", person)) as { credential: string }).credential,
    hits: async (path: string) => ((await call("GET", `/__test/hits?path=${encodeURIComponent(path)}`)) as { count: number }).count,
    resetHits: () => call("DELETE", "/__test/hits"),
    /** Requests under `path` the platform is still handling (held by a slow fault, or at work). */
    inFlight: async (path: string) => ((await call("GET", `/__test/in-flight?path=${encodeURIComponent(path)}`)) as { count: number }).count,
    /** Messages the fake SMS and e-mail senders "sent" to an address, newest first. */
    outboxCode: (to: string) => outboxCode(base(), to),
    outbox: async (to: string) =>
      ((await call("GET", `/__dev/outbox?to=${encodeURIComponent(to)}`)) as { messages: Array<{ code: string | null; body: string; channel: string }> })
        .messages,
    expireSession: (token: string) => call("POST", `/__test/sessions/${encodeURIComponent(token)}/expire`),
    captchaAnswer: async (id: string) => ((await call("GET", `/__test/captcha/${encodeURIComponent(id)}`)) as { answer: string }).answer,
  };
}

/** The code of the newest message the fake senders "sent" to an address, waiting for it a little. */
export async function outboxCode(platformUrl: string, to: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${platformUrl}/__dev/outbox?to=${encodeURIComponent(to)}`);
    const code = ((await res.json()) as { messages: Array<{ code: string | null }> }).messages[0]?.code;
    if (code && /^\d{6}$/.test(code)) return code;
    if (Date.now() > deadline) throw new Error(`no code in the outbox for ${to}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export const defaultMaintenance = {
  started_at: null,
  ended_at: null,
  notify_started_at: null,
  notify_ended_at: null,
  isActive: false,
  web_state: 0,
};

/**
 * A maintenance window a day from now whose notice already shows: notified from a minute ago
 * until the window starts (the set-up of every test of the maintenance notice).
 */
export function upcomingMaintenance(now = Date.now()) {
  return {
    ...defaultMaintenance,
    started_at: new Date(now + 86_400_000).toISOString(),
    ended_at: new Date(now + 90_000_000).toISOString(),
    notify_started_at: new Date(now - 60_000).toISOString(),
    notify_ended_at: new Date(now + 86_400_000).toISOString(),
  };
}

/**
 * Retries a check until it passes or `timeoutMs` runs out (then its last failure is thrown): a
 * wait for a condition, never for a fixed time. The site takes up config changes within its
 * cache time (one second in the test stacks) plus the version poll (about two seconds).
 */
export async function eventually(check: () => Promise<void>, timeoutMs = 8_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((r) => setTimeout(r, 150));
    }
  }
}

/**
 * Waits until the site's answer for `path` (no cookies, redirects not followed) passes `check`:
 * the condition that shows the site has taken up a config change the test made, instead of a
 * fixed wait for its cache to run out.
 */
export async function untilSiteAnswers(
  siteUrl: string,
  path: string,
  check: (answer: { status: number; location: string | null; body: string }) => boolean,
  options: { headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<void> {
  await eventually(async () => {
    const res = await fetch(`${siteUrl}${path}`, { redirect: "manual", headers: options.headers });
    const answer = { status: res.status, location: res.headers.get("location"), body: await res.text() };
    if (!check(answer)) throw new Error(`the site's answer for ${path} (${answer.status} ${answer.location ?? ""}) does not show the change yet`);
  }, options.timeoutMs ?? 10_000);
}

/**
 * The value of `key` in a single-fetch data answer (`/path.data`), read from turbo-stream's flat
 * JSON array: the object holding `_<index of the key>` points at the index of its value. Enough
 * for the primitive loader values tests wait for (a config number the root loader passes on).
 */
export function singleFetchValue(body: string, key: string): unknown {
  const flat = JSON.parse(body.split("\n")[0] ?? "[]") as unknown[];
  const keyIndex = flat.indexOf(key);
  if (keyIndex < 0) return undefined;
  const holder = flat.find((v): v is Record<string, number> => typeof v === "object" && v !== null && !Array.isArray(v) && `_${keyIndex}` in v);
  const valueIndex = holder?.[`_${keyIndex}`];
  return valueIndex === undefined || valueIndex < 0 ? undefined : flat[valueIndex];
}
