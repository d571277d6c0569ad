import { escapeHtml } from "@remix-run/react/dist/markup.js";
import { encode } from "turbo-stream";
import { describe, expect, it } from "vitest";
import { KeptHtml } from "~/lib/kept-markup.server";
import { MIN_SPLICED_CHARS, handoffSplicer, inHandoffScript, installHandoffSplices } from "./handoff-splices.server";
import { prepareJson } from "./prepared-json";

installHandoffSplices();

/** Scripts joined from bytes: proof that a placeholder was written and filled. */
let splicedScripts = 0;

/** StreamTransfer's script for each line turbo-stream writes, as the patched Remix writes it. */
async function scripts(data: unknown, splicer?: ReturnType<typeof handoffSplicer>): Promise<Buffer> {
  const options = { splice: splicer?.splice } as Parameters<typeof encode>[1];
  const reader = encode(data, options).getReader();
  const decoder = new TextDecoder();
  const out: Buffer[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    // Remix's own escaping, as StreamTransfer applies it: the reference the splices must match.
    const escaped = escapeHtml(JSON.stringify(decoder.decode(value, { stream: true })));
    const script = `enqueue(${escaped});`;
    const html = splicer ? splicer.html(script) : script;
    if (html instanceof KeptHtml) splicedScripts++;
    out.push(html instanceof KeptHtml ? html.utf8 : Buffer.from(html, "utf8"));
  }
  return Buffer.concat(out);
}

/** A list with everything the escapes touch: quotes, backslashes, HTML, line separators, non-Latin letters, emoji. */
function awkwardList(n: number) {
  return Array.from({ length: n }, (_, i) => ({ id: i, name: `"Зенит" \\ </script><!-- & \u2028\u2029 ⚽ 😀 ${i}`, tags: ["a<b", "c>d"] }));
}

describe("handoff splices (decision 056)", () => {
  it("writes the same bytes as Remix's own escaping, for a page with prepared texts, short texts and repeats", async () => {
    const big = prepareJson(awkwardList(200));
    const other = prepareJson(awkwardList(90));
    expect(big.json.length).toBeGreaterThan(MIN_SPLICED_CHARS);
    const data = { loaderData: { home: { live: big, line: other, again: big, title: "Ставки & <b>", n: 3 } } };
    const plain = await scripts(data);
    splicedScripts = 0;
    const spliced = await scripts(data, handoffSplicer());
    expect(splicedScripts).toBe(1);
    expect(spliced.length).toBeGreaterThan(big.json.length + other.json.length);
    expect(spliced.equals(plain)).toBe(true);
    expect(spliced.includes("\uE000")).toBe(false);
  });

  it("leaves a text that was never prepared, and a short one, to turbo-stream", () => {
    const splicer = handoffSplicer();
    expect(splicer.splice("x".repeat(MIN_SPLICED_CHARS + 10))).toBeUndefined();
    expect(splicer.splice(prepareJson([1, 2, 3]).json)).toBeUndefined();
    expect(splicer.html("enqueue(\"[1]\");")).toBe("enqueue(\"[1]\");");
  });

  it("does not take a visitor's private-use characters for a placeholder", async () => {
    const big = prepareJson(awkwardList(100));
    const data = { a: big, b: "\uE000fake:0\uE001 from a visitor" };
    splicedScripts = 0;
    const spliced = await scripts(data, handoffSplicer());
    expect(splicedScripts).toBe(1);
    expect(spliced.equals(await scripts(data))).toBe(true);
  });

  it("escapes a text as its place in the script needs", () => {
    expect(inHandoffScript('a"</b>').toString()).toBe('\\"a\\\\\\"\\u003c/b\\u003e\\"');
  });
});
