import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hooks } from "../support/hooks";
import { languages, pageUrl, samplePages } from "../support/pages";
import { type Stack, startStack } from "../support/stack";

// Issue 11: React 18.3 wrote U+0000 where a multibyte character crossed its 2 KiB buffer, and
// streamed scripts after </html>. Every page of the route table, for a guest and for a signed-in
// player, must be clean UTF-8 with no NUL and no U+FFFD, and end in </body></html> with nothing
// after it. CI checks Russian, English and Arabic (two-byte letters of both directions and plain
// ASCII); BYTE_EXACT_ALL=1 (`npm run bench -- byte-exact`) checks all nine languages.
const sweep = process.env.BYTE_EXACT_ALL === "1" ? languages : languages.filter((lng) => ["ru", "en", "ar"].includes(lng));

let stack: Stack;
let userCookie: string;
beforeAll(async () => {
  stack = await startStack({ sports: true });
  const { token } = await hooks(stack.platformUrl).createUser({ email: "bytes@example.com", password: "Secret123" });
  userCookie = `user_token=${token}; ua=1`;
});
afterAll(async () => {
  await stack?.stop();
});

/** Follows redirects by hand (so cookies go along) and returns the final answer's bytes. */
async function finalBytes(path: string, cookie: string): Promise<{ url: string; status: number; bytes: Buffer; type: string }> {
  let url = `${stack.siteUrl}${path}`;
  for (let hop = 0; hop < 6; hop++) {
    const res = await fetch(url, { redirect: "manual", headers: { cookie, "accept-language": "en" } });
    const location = res.headers.get("location");
    if (res.status >= 300 && res.status < 400 && location) {
      await res.arrayBuffer();
      url = new URL(location, url).toString();
      continue;
    }
    return { url, status: res.status, bytes: Buffer.from(await res.arrayBuffer()), type: res.headers.get("content-type") ?? "" };
  }
  throw new Error(`too many redirects from ${path}`);
}

function problems(bytes: Buffer): string[] {
  const found: string[] = [];
  const nul = bytes.indexOf(0);
  if (nul >= 0) found.push(`U+0000 at byte ${nul}`);
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
  const bad = text.indexOf("\uFFFD");
  if (bad >= 0) found.push(`U+FFFD near ${JSON.stringify(text.slice(Math.max(0, bad - 40), bad + 10))}`);
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    found.push("invalid UTF-8");
  }
  if (!text.trimEnd().endsWith("</body></html>")) found.push(`does not end in </body></html>: ${JSON.stringify(text.slice(-80))}`);
  return found;
}

describe("every page is byte-exact", () => {
  for (const visitor of ["guest", "player"] as const) {
    it(`in ${sweep.join(", ")}, as a ${visitor}`, async () => {
      const failures: string[] = [];
      let checked = 0;
      for (const lng of sweep) {
        // One language at a time, its pages in parallel: quick, and gentle on a small machine.
        await Promise.all(
          samplePages.map(async (page) => {
            const cookie = [visitor === "player" ? userCookie : "", page.cookie ?? ""].filter(Boolean).join("; ");
            const answer = await finalBytes(pageUrl(lng, page), cookie);
            if (!answer.type.startsWith("text/html")) {
              failures.push(`${pageUrl(lng, page)} → ${answer.url}: ${answer.status} ${answer.type}`);
              return;
            }
            checked++;
            for (const p of problems(answer.bytes)) failures.push(`${pageUrl(lng, page)} → ${answer.url} (${answer.status}): ${p}`);
          }),
        );
      }
      expect(failures).toEqual([]);
      expect(checked).toBe(sweep.length * samplePages.length);
      // Every page type in each language, the sports pages among them, on a shared machine.
    }, 300_000);
  }
});
