import { PrefetchPageLinks, useNavigate } from "@remix-run/react";
import { type ReactNode, useEffect, useState } from "react";

/**
 * A link for long lists (game rows, the sports menu): a plain `<a>` with no hooks, where each
 * Remix `<Link>` runs about a dozen (two href resolutions, a click handler, prefetch state). On
 * home that was 28 % of the server render (decision 049). `ListLinkNavigation`, mounted once in
 * the root, gives these anchors what `<Link>` gives: client-side navigation on a plain click and
 * prefetch on intent. `data-discover` lets lazy route discovery find their routes, as it finds a
 * `<Link>`'s. Only for paths of this site ("/en/…"); anything else should use `<Link>`.
 */
export function ListLink({ to, prefetch, className, current, children }: { to: string; prefetch?: "intent"; className?: string; current?: boolean; children: ReactNode }) {
  // Named props, no rest and spread: a page has a hundred of these, and copying props showed in the profile.
  return (
    <a href={to} className={className} aria-current={current ? "page" : undefined} data-discover="true" data-list-link={prefetch ?? ""}>
      {children}
    </a>
  );
}

/**
 * Whether a link to `to` is the current section, by `<NavLink>`'s rule (without `end`): the
 * same path or one below it, letters of either case. `to` as `localPath` makes it: no trailing
 * slash, nothing to percent-encode.
 */
export function isActiveLink(pathname: string, to: string): boolean {
  const here = pathname.toLowerCase();
  const path = to.toLowerCase();
  return here === path || (here.startsWith(path) && here.charAt(path.length) === "/");
}

const SELECTOR = "a[data-list-link]";
/** Remix waits as long before an intent prefetch, so a pointer passing over a list fetches nothing. */
const INTENT_DELAY_MS = 100;

function listLinkOf(target: EventTarget | null): HTMLAnchorElement | null {
  return target instanceof Element ? target.closest<HTMLAnchorElement>(SELECTOR) : null;
}

/** A site path from a list link the visitor may follow in this tab, or null. */
function sitePath(anchor: HTMLAnchorElement): string | null {
  if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return null;
  const url = new URL(anchor.href);
  return url.origin === window.location.origin ? url.pathname + url.search + url.hash : null;
}

/**
 * One set of document listeners for every ListLink: a plain left click navigates in the app
 * (as `<Link>`'s click handler does, a click on the current address replaces it), and resting on
 * a `prefetch="intent"` link for 100 ms prefetches its page's modules and data.
 */
export function ListLinkNavigation() {
  const navigate = useNavigate();
  const [prefetch, setPrefetch] = useState<string | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    /** The link whose page is prefetched or about to be: only leaving it cancels. */
    let intended: HTMLAnchorElement | null = null;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const anchor = listLinkOf(event.target);
      const path = anchor && sitePath(anchor);
      if (!path) return;
      event.preventDefault();
      const here = window.location.pathname + window.location.search + window.location.hash;
      navigate(path, { replace: path === here });
    };
    const intent = (event: Event) => {
      const anchor = listLinkOf(event.target);
      // Moving over the link's own children repeats the event: the first one counts.
      if (anchor?.dataset.listLink !== "intent" || anchor === intended) return;
      const path = sitePath(anchor);
      if (!path) return;
      clearTimeout(timer);
      intended = anchor;
      timer = setTimeout(() => setPrefetch(path.split("#")[0]!), INTENT_DELAY_MS);
    };
    const leave = (event: MouseEvent | FocusEvent) => {
      const anchor = listLinkOf(event.target);
      // Moving between the link's own children is not leaving it.
      if (!anchor || anchor !== intended || (event.relatedTarget instanceof Node && anchor.contains(event.relatedTarget))) return;
      clearTimeout(timer);
      intended = null;
      setPrefetch(null);
    };
    const passive = { passive: true };
    document.addEventListener("click", onClick);
    document.addEventListener("mouseover", intent, passive);
    document.addEventListener("focusin", intent, passive);
    document.addEventListener("touchstart", intent, passive);
    document.addEventListener("mouseout", leave, passive);
    document.addEventListener("focusout", leave, passive);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("click", onClick);
      document.removeEventListener("mouseover", intent);
      document.removeEventListener("focusin", intent);
      document.removeEventListener("touchstart", intent);
      document.removeEventListener("mouseout", leave);
      document.removeEventListener("focusout", leave);
    };
  }, [navigate]);
  return prefetch ? <PrefetchPageLinks page={prefetch} /> : null;
}
