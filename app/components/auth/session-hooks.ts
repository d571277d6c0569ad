import { useFetcher, useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { ACTIVITY_THROTTLE_MS, PAGE_LEAVE_PAUSE_MS, SESSION_POLL_MS } from "~/constants";
import type { RootData } from "~/root";

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

const activityEvents = ["mousemove", "mousedown", "keydown", "touchstart", "wheel", "resize"] as const;

function mediaIsPlaying(): boolean {
  return Array.from(document.querySelectorAll("video, audio")).some((m) => !(m as HTMLMediaElement).paused);
}

/**
 * SPEC §4 auto logoff: idle longer than the configured minutes logs the user out (with an
 * inactivity notice on the next page). Activity is mouse, key, touch, wheel and resize,
 * throttled to 100 ms; playing media counts as activity.
 */
export function useAutoLogoff(root: RootData | undefined) {
  const fetcher = useFetcher();
  const submit = useRef(fetcher.submit);
  submit.current = fetcher.submit;
  const minutes = root?.inactiveMinutes ?? 0;
  const active = !!root?.user && !root?.isBot && minutes > 0;
  const lng = root?.lng;
  const csrf = root?.csrf;

  useEffect(() => {
    if (!active || !lng || !csrf) return;
    let last = Date.now();
    let throttled = 0;
    const onActivity = () => {
      const now = Date.now();
      if (now - throttled < ACTIVITY_THROTTLE_MS) return;
      throttled = now;
      last = now;
    };
    for (const e of activityEvents) window.addEventListener(e, onActivity, { passive: true });
    const check = window.setInterval(() => {
      if (mediaIsPlaying()) last = Date.now();
      if (Date.now() - last > minutes * 60_000) {
        window.clearInterval(check);
        submit.current({ csrf, reason: "inactive" }, { method: "post", action: `/${lng}/logout` });
      }
    }, 5_000);
    return () => {
      window.clearInterval(check);
      for (const e of activityEvents) window.removeEventListener(e, onActivity);
    };
  }, [active, lng, csrf, minutes]);
}
