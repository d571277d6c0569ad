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
