import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HtmlStreamFixer } from "./html-stream.server";

async function run(chunks: Buffer[]): Promise<Buffer> {
  const fixer = new HtmlStreamFixer();
  const out: Buffer[] = [];
  fixer.on("data", (b: Buffer) => out.push(b));
  const ended = new Promise((resolve) => fixer.on("end", resolve));
  for (const c of chunks) fixer.write(c);
  fixer.end();
  await ended;
  return Buffer.concat(out);
}

/** Splits bytes at the given cut points (any byte offset, also inside a character). */
function split(bytes: Buffer, cuts: number[]): Buffer[] {
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const parts: Buffer[] = [];
  let from = 0;
  for (const p of points) {
    parts.push(bytes.subarray(from, p));
    from = p;
  }
  parts.push(bytes.subarray(from));
  return parts;
}

describe("HtmlStreamFixer", () => {
  it("drops the NULs React 18 leaves where a multibyte character crossed its buffer", async () => {
    // What React writes: a 2 KiB buffer whose last byte stayed 0 because "ж" (2 bytes) did not fit.
    const first = Buffer.concat([Buffer.from("a".repeat(2047)), Buffer.from([0])]);
    const second = Buffer.from("жизнь</body></html>");
    const out = await run([first, second]);
    expect(out.includes(0)).toBe(false);
    expect(out.toString("utf8")).toBe(`${"a".repeat(2047)}жизнь</body></html>`);
  });

  it("moves </body></html> after the scripts streamed once the shell was done", async () => {
    const out = await run([Buffer.from("<html><body><p>x</p></bo"), Buffer.from("dy></ht"), Buffer.from("ml><script>late()</script>")]);
    expect(out.toString()).toBe("<html><body><p>x</p><script>late()</script></body></html>");
  });

  it("passes a render pass's pieces on together at React's flush, and each pass as it comes", async () => {
    const fixer = new HtmlStreamFixer();
    const out: string[] = [];
    fixer.on("data", (b: Buffer) => out.push(b.toString()));
    const tick = () => new Promise((resolve) => setImmediate(resolve));
    fixer.write(Buffer.from("<html><body>"));
    fixer.write(Buffer.from("<p>shell</p>"));
    await tick();
    expect(out).toEqual([]);
    fixer.flush();
    await tick();
    expect(out).toEqual(["<html><body><p>shell</p>"]);
    fixer.write(Buffer.from("</body></html><script>a()</script>"));
    fixer.write(Buffer.from("<script>b()</script>"));
    fixer.flush();
    fixer.flush();
    await tick();
    expect(out).toEqual(["<html><body><p>shell</p>", "<script>a()</script><script>b()</script>"]);
    const ended = new Promise((resolve) => fixer.on("end", resolve));
    fixer.end();
    await ended;
    expect(out.join("")).toBe("<html><body><p>shell</p><script>a()</script><script>b()</script></body></html>");
  });

  it("keeps React waiting while the reader is behind, and lets it go on once the reader reads", async () => {
    const fixer = new HtmlStreamFixer();
    const tick = () => new Promise((resolve) => setImmediate(resolve));
    fixer.write(Buffer.alloc(fixer.readableHighWaterMark, 97));
    fixer.flush();
    await tick();
    let acknowledged = false;
    fixer.write(Buffer.from("<p>more</p>"), () => (acknowledged = true));
    await tick();
    expect(acknowledged).toBe(false);
    // The writable side fills up behind the held write, so React's writes return false and it waits for drain.
    expect(fixer.write(Buffer.alloc(fixer.writableHighWaterMark, 98))).toBe(false);
    const drained = new Promise((resolve) => fixer.once("drain", resolve));
    fixer.on("data", () => undefined);
    await drained;
    expect(acknowledged).toBe(true);
  });

  it("keeps text that only looks like the start of the closing tags", async () => {
    const out = await run([Buffer.from("<body>a </b"), Buffer.from("> b</body"), Buffer.from(">")]);
    expect(out.toString()).toBe("<body>a </b> b</body>");
  });

  it("gives the same document however the bytes are cut, with every character whole", () =>
    fc.assert(
      fc.asyncProperty(
        fc.string({ unit: "grapheme", maxLength: 60 }),
        fc.string({ unit: "grapheme", maxLength: 30 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        fc.array(fc.nat(), { maxLength: 3 }),
        async (body, late, cuts, nuls) => {
          const clean = body.replaceAll("\u0000", "");
          const cleanLate = late.replaceAll("\u0000", "");
          const doc = Buffer.from(`<html><body>${clean}</body></html><script>${cleanLate}</script>`);
          // NULs sprinkled between chunks, as React does at its buffer ends.
          const parts = split(doc, cuts).flatMap((part, i) => (nuls.includes(i) ? [part, Buffer.from([0])] : [part]));
          const out = await run(parts);
          expect(out.toString("utf8")).toBe(`<html><body>${clean}<script>${cleanLate}</script></body></html>`);
        },
      ),
    ));
});
