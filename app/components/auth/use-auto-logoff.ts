import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { ACTIVITY_THROTTLE_MS } from "~/constants";
import type { RootData } from "~/components/root-data";

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
