import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Writable } from "node:stream";
import { Suspense } from "react";
import type * as ReactDomServer from "react-dom/server";
import { describe, expect, it } from "vitest";
import { KeptHtml } from "~/lib/kept-markup.server";
import { streamed as streamedBy } from "./stream-test-fixtures";

// patches/react-dom+18.3.1.patch (decision 050): React's stream renderer gathers its HTML as a
// string and encodes it once per 16 Ki characters, where it encoded every piece into a 2 KiB buffer. The
// patch is in the production build, which the site runs; tests run React's development build,
// so the production renderers are loaded by name.
const require = createRequire(import.meta.url);
const cjs = join(dirname(require.resolve("react-dom")), "cjs");
const { renderToPipeableStream } = require(join(cjs, "react-dom-server.node.production.min.js")) as typeof ReactDomServer;
const { renderToString } = require(join(cjs, "react-dom-server-legacy.node.production.min.js")) as typeof ReactDomServer;

/** A page's worth of HTML: rows with escaped attributes, several scripts and long text runs. */
function Page({ rows }: { rows: number }) {
  return (
    <main>
      <h1 title={'a & b < c > "d" \'e\''}>Ставки — العربية — 🎯</h1>
      <ul>
        {Array.from({ length: rows }, (_, i) => (
          <li key={i} className={`row row--${i % 3}`} data-i={i} style={{ color: "red", ["--v" as string]: i }}>
            Команда {i} <b>فريق</b> {"ж".repeat(i % 11 === 0 ? 1500 : 3)} 🎉
          </li>
        ))}
      </ul>
      <p>{"é".repeat(20_000)}</p>
    </main>
  );
}

/** A page streamed by the patched production renderer. */
const streamed = (node: React.ReactNode) => streamedBy(renderToPipeableStream, node);

describe("React's stream renderer, as patched", () => {
  it("writes the same HTML as React's string renderer, multibyte characters whole", async () => {
    const node = <Page rows={400} />;
    const { bytes } = await streamed(node);
    expect(bytes.includes(0)).toBe(false);
    expect(bytes.toString("utf8")).toBe(renderToString(node));
  });

  it("writes a page in pieces of 16 KiB or more, not of 2 KiB", async () => {
    const { bytes, chunks } = await streamed(<Page rows={1000} />);
    expect(bytes.length).toBeGreaterThan(100_000);
    expect(chunks.length).toBeLessThanOrEqual(Math.ceil(bytes.length / 16_384) + 1);
  });

  it("streams a suspended part after the shell, as before", async () => {
    let ready = false;
    let release = () => {};
    const later = new Promise<void>((resolve) => (release = resolve));
    function Late() {
      if (!ready) throw later;
      return <p>готово</p>;
    }
    const pieces: string[] = [];
    const ended = new Promise<void>((resolve, reject) => {
      const sink = new Writable({
        write(chunk, _encoding, done) {
          pieces.push(Buffer.from(chunk).toString("utf8"));
          done();
        },
        final(done) {
          resolve();
          done();
        },
      });
      const stream = renderToPipeableStream(
        <div>
          <Suspense fallback={<span>…</span>}>
            <Late />
          </Suspense>
        </div>,
        {
          onShellReady() {
            stream.pipe(sink);
            // The part is released only once the shell, with its fallback, is out.
            setImmediate(() => {
              ready = true;
              release();
            });
          },
          onShellError: reject,
        },
      );
    });
    await ended;
    const shell = pieces[0]!;
    expect(shell).toContain("<span>…</span>");
    expect(shell).not.toContain("готово");
    const rest = pieces.slice(1).join("");
    expect(rest).toMatch(/<div hidden id="S:0"><p>готово<\/p><\/div>/);
    expect(rest).toContain("$RC");
  });

  it("writes kept HTML's bytes as they are (decision 055), in order with the text around them, and leaves them whole", async () => {
    const html = renderToString(<Page rows={300} />);
    const bytes = Buffer.from(html);
    const before = Buffer.from(bytes);
    const page = (inner: string | KeptHtml) => (
      <main>
        <h1>Лайв — {"é".repeat(9_000)}</h1>
        <div className="rows" dangerouslySetInnerHTML={{ __html: inner as string }} />
        <p>после</p>
      </main>
    );
    const asText = (await streamed(page(html))).bytes;
    const kept = new KeptHtml(bytes);
    expect((await streamed(page(kept))).bytes.equals(asText)).toBe(true);
    expect((await streamed(page(kept))).bytes.equals(asText)).toBe(true);
    expect(bytes.equals(before)).toBe(true);
    // Written as they are, not encoded again: the page's writes include the kept bytes themselves.
    const { chunks } = await streamed(page(kept));
    expect(chunks.some((chunk) => chunk.buffer === bytes.buffer && chunk.byteOffset === bytes.byteOffset && chunk.length === bytes.length)).toBe(true);
    // React's string renderer takes its text.
    expect(renderToString(page(kept))).toBe(asText.toString("utf8"));
  });
});
