import { randomBytes } from "node:crypto";
import { KeptHtml } from "~/lib/kept-markup.server";
import { preparedTexts } from "~/lib/prepared-json";

/**
 * Prepared texts spliced into the page's data script ready-escaped (decision 056).
 *
 * A document carries its loader data in the script Remix's StreamTransfer writes: turbo-stream
 * quotes each string (JSON.stringify), the line goes to bytes and back, StreamTransfer quotes
 * the line again and escapes it for HTML, and React encodes the script to UTF-8. For a prepared
 * list (decision 052: home's two game lists and the sports menu, 30 KB of its 34 KB of data)
 * that is six passes over the same text on every request. Each escaping works character by
 * character, so the text's part of the script does not depend on what stands around it: it is
 * escaped and encoded once per text here, turbo-stream writes a placeholder in its place, and
 * the script is joined from bytes. Data requests (client navigations) are not touched: their
 * body is turbo-stream's own and carries the text.
 */

/** Shorter texts are cheaper to escape than to look up and join. */
export const MIN_SPLICED_CHARS = 2048;
/**
 * What the store may hold: each text's characters and, once a page has used it, its escaped bytes
 * (about 1.6 times as many). The prepared values alive at one time are far fewer (decision 052).
 */
const BUDGET = 32_000_000;

/** Each prepared text of this process, with its escaped bytes once a page has needed them. */
const texts = new Map<string, Buffer | null>();
let kept = 0;

const weightOf = (text: string, bytes: Buffer | null | undefined) => text.length + (bytes?.length ?? 0);

/** A Map iterates in insertion order: the text used longest ago goes first. */
function evict(): void {
  for (const [old, bytes] of texts) {
    if (kept <= BUDGET) break;
    texts.delete(old);
    kept -= weightOf(old, bytes);
  }
}

function remember(json: string): void {
  if (json.length < MIN_SPLICED_CHARS || texts.has(json)) return;
  texts.set(json, null);
  kept += json.length;
  evict();
}

const SCRIPT_ESCAPES: Record<string, string> = { "&": "\\u0026", ">": "\\u003e", "<": "\\u003c", "\u2028": "\\u2028", "\u2029": "\\u2029" };

/**
 * A string's part of StreamTransfer's script: turbo-stream's JSON.stringify, the line's own
 * JSON.stringify (less the line's quotes) and Remix's escapeHtml, as UTF-8.
 */
export function inHandoffScript(text: string): Buffer {
  const inLine = JSON.stringify(text);
  const quotedAgain = JSON.stringify(inLine).slice(1, -1);
  return Buffer.from(
    quotedAgain.replace(/[&><\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c]!),
    "utf8",
  );
}

function escaped(text: string): Buffer | undefined {
  const known = texts.get(text);
  if (known === undefined) return undefined;
  // Used again: to the back of the line, so a menu kept for minutes outlasts each second's lists.
  texts.delete(text);
  if (known) {
    texts.set(text, known);
    return known;
  }
  const bytes = inHandoffScript(text);
  texts.set(text, bytes);
  kept += bytes.length;
  evict();
  return bytes;
}

/**
 * Marks a placeholder: a private-use character, this process's secret and the splice's number.
 * Neither JSON.stringify nor escapeHtml changes these characters, and no visitor's text can
 * carry the secret, so only a placeholder matches.
 */
const MARK = `\uE000${randomBytes(9).toString("base64url")}:`;
const END = "\uE001";

export interface HandoffSplicer {
  splice(text: string): string | undefined;
  html(script: string): string | KeptHtml;
}

/** One document's splicer: the placeholders its turbo-stream wrote, and their bytes. */
export function handoffSplicer(): HandoffSplicer {
  const parts: Buffer[] = [];
  return {
    splice(text) {
      if (text.length < MIN_SPLICED_CHARS) return undefined;
      const bytes = escaped(text);
      if (!bytes) return undefined;
      parts.push(bytes);
      return `${MARK}${parts.length - 1}${END}`;
    },
    html(script) {
      let at = script.indexOf(MARK);
      if (at < 0) return script;
      const chunks: Buffer[] = [];
      let from = 0;
      while (at >= 0) {
        const end = script.indexOf(END, at);
        const bytes = parts[Number(script.slice(at + MARK.length, end))];
        // A turbo-stream line is read whole, so a placeholder never ends outside its script.
        if (end < 0 || !bytes) throw new Error("handoff splice: a placeholder without its text");
        chunks.push(Buffer.from(script.slice(from, at), "utf8"), bytes);
        from = end + END.length;
        at = script.indexOf(MARK, from);
      }
      chunks.push(Buffer.from(script.slice(from), "utf8"));
      return new KeptHtml(Buffer.concat(chunks));
    },
  };
}

/** Turns splicing on for this process: prepared texts are remembered, documents spliced. */
export function installHandoffSplices(): void {
  preparedTexts.remember = remember;
  (globalThis as Record<symbol, unknown>)[Symbol.for("remix.serverHandoffSplicer")] = handoffSplicer;
}
