// The ops side of the platform for integration tests: an ops user signed in, and a client of
// the admin API (/admin-api/v1) with their token. One set-up for every admin API test file.
import { hooks } from "./hooks";

/** Calls the admin API as `token`; the answer's status and its JSON body (null when empty). */
export function adminClient(platformUrl: string, token: string) {
  return async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${platformUrl}/admin-api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
}
export type AdminClient = ReturnType<typeof adminClient>;

/** Creates a user with the ops role (a login or an e-mail to see in the audit) and signs them in. */
export async function opsSignIn(platformUrl: string, who: { login: string } | { email: string }, roles = ["player", "ops"]) {
  const { token } = await hooks(platformUrl).createUser({ ...who, roles });
  return { token, admin: adminClient(platformUrl, token) };
}

/** Clears every rate-limit window, so the admin API's per-minute write limit never carries over between tests. */
export async function clearRateLimits(platformUrl: string): Promise<void> {
  const res = await fetch(`${platformUrl}/__test/rate-limits`, { method: "DELETE" });
  if (!res.ok) throw new Error(`clearing rate limits: ${res.status}`);
}

/** What redirect-light (asked by the site on every request) answers for `url` under the rules as they stand. */
export async function redirectLight(platformUrl: string, url: string) {
  const res = await fetch(`${platformUrl}/redirects-api/api/v1/redirect-light`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ url }),
  });
  return (await res.json()) as { redirect: boolean; code?: number; url: string | null; reasons: string[] };
}

/**
 * `count` redirect rules for the import, as the scale test and the bench load them: every tenth
 * with a param, the four redirect codes in turn, seven priorities, every thirteenth inactive.
 */
export function bulkRedirectRules(count: number) {
  return Array.from({ length: count }, (_, i) => ({
    source: i % 10 === 0 ? `/bulk/${i}/:slug` : `/bulk/${i}`,
    target: i % 10 === 0 ? `/landing/${i}/:slug` : `/landing/${i}`,
    code: [301, 302, 307, 308][i % 4],
    priority: i % 7,
    active: i % 13 !== 0,
    note: `batch ${i % 20}`,
  }));
}
