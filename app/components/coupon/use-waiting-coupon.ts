import { useFetcher } from "@remix-run/react";
import { type Dispatch, type SetStateAction, useEffect, useState } from "react";
import type { CouponView } from "~/coupon/place-answer";
import type { PlaceAnswer } from "~/coupon/place-answer";
import { requestBalanceRefresh } from "../HeaderBalance";

const WAITING_POLL_MS = 1_000;

/**
 * A placed live coupon in its delay (SPEC §4): polls its result page once a second, counts the
 * time left down, and folds each decided coupon back into the answer, refreshing the balance.
 * Serves the coupon panel and the one-click notification alike.
 */
export function useWaitingCoupon(lng: string, answer: PlaceAnswer | null, setAnswer: Dispatch<SetStateAction<PlaceAnswer | null>>) {
  const poll = useFetcher<{ coupons: CouponView[]; waiting: boolean }>();
  const [now, setNow] = useState(() => Date.now());
  const waiting = answer?.kind === "placed" ? answer.coupons.find((c) => c.state === "waiting") : undefined;
  const loadPoll = poll.load;
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => {
      setNow(Date.now());
      loadPoll(`/${lng}/coupon/result/${waiting.id}`);
    }, WAITING_POLL_MS);
    return () => clearInterval(timer);
  }, [waiting, lng, loadPoll]);
  useEffect(() => {
    if (!poll.data || answer?.kind !== "placed") return;
    const fresh = new Map(poll.data.coupons.map((c) => [c.id, c]));
    if (!answer.coupons.some((c) => fresh.has(c.id) && fresh.get(c.id)!.state !== c.state)) return;
    setAnswer({ ...answer, coupons: answer.coupons.map((c) => fresh.get(c.id) ?? c) });
    requestBalanceRefresh();
  }, [poll.data, answer, setAnswer]);
  return { waiting, now };
}
