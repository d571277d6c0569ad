import { useFetcher } from "@remix-run/react";
import { type Dispatch, type SetStateAction, useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { PlaceAnswer, PlacementCheck } from "~/coupon/place-answer";

const CHECK_POLL_MS = 2_000;

/**
 * A placement sent without an answer (issue 37): the coupon asks the place page what became of
 * it, by its key, every two seconds until the platform knows, and folds the answer in — the
 * coupons if it stands (`onPlaced` then clears the slip and refreshes the balance), or "not
 * placed, nothing charged" with the slip to send again. Serves the coupon panel and the one-click
 * notification alike.
 */
export function usePlacementCheck(lng: string, answer: PlaceAnswer | null, setAnswer: Dispatch<SetStateAction<PlaceAnswer | null>>, onPlaced: () => void) {
  const { t } = useTranslation();
  const check = useFetcher<{ check: PlacementCheck | null }>();
  const unconfirmed = answer?.kind === "unconfirmed" ? answer : null;
  const load = check.load;
  useEffect(() => {
    if (!unconfirmed) return;
    const timer = setInterval(() => load(`/${lng}/coupon/place?key=${encodeURIComponent(unconfirmed.echo.key)}`), CHECK_POLL_MS);
    return () => clearInterval(timer);
  }, [unconfirmed, lng, load]);
  const found = check.data?.check;
  useEffect(() => {
    if (!unconfirmed || !found || found.state === "unknown") return;
    if (found.state === "placed") {
      setAnswer({ kind: "placed", coupons: found.coupons, echo: unconfirmed.echo });
      onPlaced();
      return;
    }
    setAnswer({
      kind: "refused",
      refusal: { code: "not_placed", message: t("bets.refusal.not_placed"), offer: { kind: "resend" }, currency: "", exponent: 2, outcomeId: null, betName: null, vipOffer: false },
      echo: unconfirmed.echo,
    });
  }, [found, unconfirmed, setAnswer, onPlaced, t]);
  return { checking: Boolean(unconfirmed) };
}
