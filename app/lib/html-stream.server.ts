import { Transform, type TransformCallback } from "node:stream";

/**
 * The byte-level pass-through every rendered page goes through (decision 023).
 *
 * 1. React 18.3's `renderToPipeableStream` encodes text into 2 KiB buffers (the unpatched build:
 *    decision 050 makes production gather strings instead, so this is a safety net); when a multibyte
 *    character does not fit at the end of one, it flushes the whole buffer, unwritten tail and
 *    all, so one to three 0x00 bytes land in the page (React issue 24985, fixed only in 19).
 *    Every 0x00 byte is dropped: in UTF-8 no byte of a multibyte character is 0x00, so the
 *    characters around it stay whole, and a NUL has no place in an HTML document anyway (text
 *    and attribute values escape to U+FFFD or are ignored, scripts carry JSON's `\u0000`).
 * 2. React writes `</body></html>` when the shell is done, but Remix keeps streaming its data
 *    scripts afterwards, which HTML calls "stray start tag script" after `</html>`. The closing
 *    tags are held back and written when the stream ends, so every script sits inside the body.
 * 3. React wrote a page in 2 KiB pieces (16 Ki-character pieces since decision 050); each piece passed on alone costs a round through the
 *    web stream and the adapter, which flushes remix-serve's compression after every chunk, so
 *    for browsers each piece was a brotli or gzip sync-flush (home's compression cost five times
 *    compressing it whole). The pieces are joined and passed on when React flushes, after each
 *    pass of its render, so streaming stays as it was. While the reader has not taken what was
 *    passed on, writes are acknowledged only once it reads, so React still waits for a slow
 *    visitor (decision 049).
 */
const CLOSING = Buffer.from("</body></html>");
const NOTHING = Buffer.alloc(0);

export class HtmlStreamFixer extends Transform {
  /** Bytes kept back because they may be the start of the closing tags. */
  private tail: Buffer = NOTHING;
  private closingSeen = false;
  /** Bytes of the current render pass, passed on together at React's flush. */
  private pending: Buffer[] = [];
  /** Whether the reader was behind at the last flush (push said so), until it asks for more. */
  private behind = false;
  /** A write's acknowledgement held until the reader asks for more. */
  private held: TransformCallback | null = null;

  /** React calls this after each pass of writing (the convention zlib streams set). */
  flush(): void {
    if (this.pending.length === 0) return;
    this.behind = !this.push(this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending));
    this.pending = [];
  }

  override _transform(chunk: Buffer | string, _encoding: BufferEncoding, done: TransformCallback): void {
    this.collect(chunk);
    // Node's Transform holds a write back only when the write itself pushed; this one pushes at
    // flush, so it holds the acknowledgement itself while the reader is behind.
    if (this.behind) this.held = done;
    else done();
  }

  override _read(size: number): void {
    this.behind = false;
    const held = this.held;
    this.held = null;
    held?.();
    super._read(size);
  }

  private collect(chunk: Buffer | string): void {
    const bytes = withoutNul(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
    if (this.closingSeen) {
      if (bytes.length) this.pending.push(bytes);
      return;
    }
    const joined = this.tail.length ? Buffer.concat([this.tail, bytes]) : bytes;
    const at = joined.indexOf(CLOSING);
    if (at >= 0) {
      this.closingSeen = true;
      this.tail = NOTHING;
      const before = joined.subarray(0, at);
      const after = joined.subarray(at + CLOSING.length);
      if (before.length) this.pending.push(before);
      if (after.length) this.pending.push(after);
      return;
    }
    // Keep the longest end of `joined` that is a beginning of the closing tags.
    const keep = partialPrefixLength(joined);
    this.tail = keep ? Buffer.from(joined.subarray(joined.length - keep)) : NOTHING;
    const out = joined.subarray(0, joined.length - keep);
    if (out.length) this.pending.push(out);
  }

  override _flush(done: TransformCallback): void {
    if (this.tail.length) this.pending.push(this.tail);
    if (this.closingSeen) this.pending.push(CLOSING);
    this.flush();
    done();
  }
}

function withoutNul(bytes: Buffer): Buffer {
  if (!bytes.includes(0)) return bytes;
  const out = Buffer.allocUnsafe(bytes.length);
  let n = 0;
  for (const b of bytes) if (b !== 0) out[n++] = b;
  return out.subarray(0, n);
}

/** Compared byte by byte: this runs on every chunk of every page, and slices would each be an object. */
function partialPrefixLength(bytes: Buffer): number {
  const max = Math.min(CLOSING.length - 1, bytes.length);
  for (let k = max; k > 0; k--) {
    const from = bytes.length - k;
    let i = 0;
    while (i < k && bytes[from + i] === CLOSING[i]) i++;
    if (i === k) return k;
  }
  return 0;
}
