import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { PAGE_LEAVE_PAUSE_MS, SESSION_POLL_MS } from "~/constants";
import type { RootData } from "~/components/root-data";

/**
 * SPEC §4: the session is re-polled every 60 s while the page is visible; polling pauses 30 s
 * after the page is left and resumes (at once) on return. No timers for search bots. When the
 * platform says the session is gone, the page data is reloaded, which shows the guest view.
 */
export function useSessionPoll(root: RootData | undefined) {
  const revalidator = useRevalidator();
  const signedIn = !!root?.user;
  const lng = root?.lng;
  const active = signedIn && !root?.isBot;
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;

  useEffect(() => {
    if (!active || !lng) return;
    let interval: number | undefined;
    let pause: number | undefined;
    const poll = async () => {
      try {
        const res = await fetch(`/${lng}/session`, { headers: { accept: "application/json" }, credentials: "same-origin" });
        if (!res.ok || !res.headers.get("content-type")?.includes("json")) return;
        const body = (await res.json()) as { signedIn?: boolean };
        if (body.signedIn === false) revalidate.current();
      } catch {
        // offline for a moment: the next poll tries again
      }
    };
    const start = () => {
      if (interval === undefined) interval = window.setInterval(poll, SESSION_POLL_MS);
    };
    const stop = () => {
      window.clearInterval(interval);
      interval = undefined;
    };
    const onVisibility = () => {
      if (document.visibilityState === "hidden") {
        pause = window.setTimeout(stop, PAGE_LEAVE_PAUSE_MS);
      } else {
        window.clearTimeout(pause);
        if (interval === undefined) {
          void poll();
          start();
        }
      }
    };
    start();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      stop();
      window.clearTimeout(pause);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [active, lng]);
}
