import type { ReactElement } from "react";
import { keptMarkup as serverKeptMarkup } from "~/lib/kept-markup.server";

/** The browser build empties `.server` modules (decision 046): there this is undefined. */
const keptMarkup = serverKeptMarkup as typeof serverKeptMarkup | undefined;

/**
 * An element whose content many viewers are shown alike (decision 055): a list's rows, the sports
 * menu. On the server, given `of` (the shared answer the content shows, unchanged: an object that
 * lives as long as that answer), the content is rendered once per `of` and `variant` (everything
 * else it depends on), from the answer's second viewer on, and the kept HTML is written as the
 * element's content. The browser renders the children as usual and hydrates that HTML, which is
 * the same. With `of` null (the content shows something of the viewer's own), the server renders
 * it as usual too.
 *
 * The children are a function that makes the content, called only when it is rendered (not at
 * all when the kept HTML serves). What it makes reads only its props and the contexts it wraps
 * itself in: the server renders it apart from the page. No hooks in the function itself: the
 * nested render runs inside this component.
 */
export function Kept({ as: Tag = "div", className, of, variant, children }: { as?: "div" | "ul"; className: string; of: object | null; variant: string; children: () => ReactElement }) {
  const html = keptMarkup && of ? keptMarkup(of, variant, children) : null;
  // The kept HTML's bytes go to the page as they are (`KeptHtml`); React's types know only text.
  if (html !== null) return <Tag className={className} dangerouslySetInnerHTML={{ __html: html as unknown as string }} />;
  return <Tag className={className}>{children()}</Tag>;
}
