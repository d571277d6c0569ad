import { useFetcher } from "@remix-run/react";
import { useAtomValue, useSetAtom } from "jotai";
import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { minorToInput } from "~/coupon/amount-input";
import {
  bonusBetOfferAtom,
  clearCouponAtom,
  couponAccountAtom,
  couponAtom,
  couponSettingsAtom,
  setCouponAmountAtom,
  setCouponMaxBetAmountAtom,
  setCouponPromoCodeAtom,
} from "~/coupon/atoms";
import { COUPON_TYPE } from "~/coupon/constants";
import { exactCoefText } from "~/coupon/exact-coef";
import { couponBetName, couponPlaceKey, encodeSelections, selectionsOfCoupon } from "~/coupon/place";
import type { PlaceAnswer } from "~/coupon/place-answer";
import { useRootData } from "~/components/root-data";
import { requestBalanceRefresh } from "../HeaderBalance";
import { LazyPlaceOutcome, preloadPlacedCoupon } from "./lazy-outcome";
import { offerFormData } from "./offer-form";
import { usePlacementCheck } from "./use-placement-check";
import { useWaitingCoupon } from "./use-waiting-coupon";

/**
 * The coupon's place button (issue 14). One form, two ways: without JavaScript it posts to
 * /{lng}/coupon/place (the panel's stake field belongs to it through `form=`); with it the same
 * fields go through a fetcher and the answer shows in the panel: the success coupon (waiting
 * with the time left for a live bet, then accepted or refused), or the refusal dialog with what
 * the bettor can do. The Idempotency-Key is made once per coupon submission and kept until a
 * coupon is placed, so a double click or a retry places one coupon.
 */
export function PlaceCoupon({ lng, returnTo, formId }: { lng: string; returnTo: string; formId: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const root = useRootData();
  const coupon = useAtomValue(couponAtom);
  const settings = useAtomValue(couponSettingsAtom);
  const account = useAtomValue(couponAccountAtom);
  // The coupon's coefficient includes an offered bonus bet, so the platform is asked to pay it.
  const bonus = useAtomValue(bonusBetOfferAtom);
  const setMaxBetAmount = useSetAtom(setCouponMaxBetAmountAtom);
  const setPromoCode = useSetAtom(setCouponPromoCodeAtom);
  const clear = useSetAtom(clearCouponAtom);
  const setAmount = useSetAtom(setCouponAmountAtom);
  const place = useFetcher<PlaceAnswer>();
  // One key per coupon, not per page: every tab, retry and double click of this coupon sends it.
  const key = couponPlaceKey(coupon);
  const [answer, setAnswer] = useState<PlaceAnswer | null>(null);
  const handled = useRef<unknown>(null);
  const { exponent } = account.currency;
  const selections = useMemo(() => selectionsOfCoupon(coupon), [coupon]);
  const amount = coupon.amount || coupon.initialAmount;
  const busy = place.state !== "idle";
  const hasSelections = selections.length > 0;

  // The outcome dialogs load once the coupon has something to place, not with the page.
  useEffect(() => {
    if (hydrated && hasSelections) preloadPlacedCoupon();
  }, [hydrated, hasSelections]);

  const fields = (intent: "place" | "max"): FormData => {
    const body = new FormData();
    body.set("key", key);
    body.set("intent", intent);
    body.set("typeId", String(coupon.typeId));
    if (coupon.typeId === COUPON_TYPE.SYSTEM) body.set("systemValue", String(coupon.systemValue));
    body.set("amount", minorToInput(amount, exponent));
    // The settings that change what the platform does with the bet, every one of them: the
    // action reads a setting the form leaves out from the no-JavaScript cookie (place-form.ts).
    body.set("changeCoefAction", String(settings.changeCoefAction));
    body.set("exactCoef", exactCoefText(settings.exactCoef));
    body.set("dropOnScoreChange", settings.isDropOnScoreChange ? "1" : "0");
    // The VIP setting: above the maximum the coupon waits for approval, where the coupon can be a VIP bet (the action decides).
    body.set("vipBet", settings.isVipBet ? "1" : "0");
    if (coupon.promoCode.trim()) body.set("promoCode", coupon.promoCode.trim());
    body.set("bets", encodeSelections(selections));
    if (bonus.ok) body.set("bonusBet", "1");
    body.set("returnTo", returnTo);
    body.set("js", "1");
    return body;
  };
  const submit = (body: FormData) => {
    const csrf = document.querySelector<HTMLInputElement>(`#${formId} input[name="csrf"]`)?.value;
    if (csrf) body.set("csrf", csrf);
    place.submit(body, { method: "post", action: `/${lng}/coupon/place` });
  };

  // A placed coupon: a new key, the coupon cleared, the balance refreshed.
  const onPlaced = useCallback(() => {
    clear();
    // A promo code is for one coupon: the next one starts without it.
    setPromoCode("");
    requestBalanceRefresh();
  }, [clear, setPromoCode]);

  // The answer of a submission: placed, the maximum stake (auto-max), a refusal shown as a
  // dialog, or a placement not confirmed yet (checked by itself until it is known).
  useEffect(() => {
    const data = place.data;
    if (!data || place.state !== "idle" || handled.current === data) return;
    handled.current = data;
    if (data.kind === "max") {
      setMaxBetAmount(data.maxBetAmount);
      setAmount(data.maxBetAmount);
      return;
    }
    setAnswer(data);
    if (data.kind === "placed") onPlaced();
  }, [place.data, place.state, setAmount, setMaxBetAmount, onPlaced]);
  const { checking } = usePlacementCheck(lng, answer, setAnswer, onPlaced);

  // Auto-max (SPEC §9 isAutoMax): the stake follows the largest one accepted now.
  const signature = `${coupon.typeId}|${coupon.systemValue}|${encodeSelections(selections)}`;
  useEffect(() => {
    if (!hydrated || !settings.isAutoMax || !root?.user || selections.length === 0) return;
    submit(fields("max"));
    // Only when the selections or the type change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signature, settings.isAutoMax, hydrated]);

  // A live coupon in its delay: polled once a second, the time left counted down.
  const { waiting, now } = useWaitingCoupon(lng, answer, setAnswer);

  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      if (!hydrated) return;
      event.preventDefault();
      setAnswer(null);
      submit(offerFormData(event));
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [hydrated, key],
  );

  const betName = (outcomeId: number) => couponBetName(coupon.bets, outcomeId);
  const waitLeftMs = waiting?.decideAt ? Math.max(0, Date.parse(waiting.decideAt) - now) : null;

  return (
    <div className="coupon__place" data-testid="coupon-place">
      {answer ? (
        <div className="coupon__outcome" data-testid="coupon-outcome">
          <LazyPlaceOutcome lng={lng} answer={answer} waitLeftMs={waitLeftMs} checking={checking} handlers={{ onSubmit, onClose: () => setAnswer(null), betName }} />
          {answer.kind === "placed" ? (
            <button type="button" className="button-link" onClick={() => setAnswer(null)}>
              {t("bets.close")}
            </button>
          ) : null}
        </div>
      ) : null}
      {selections.length === 0 ? null : !root?.user ? (
        <p className="coupon__place-why">
          <a href={`/${lng}/login?returnTo=${encodeURIComponent(returnTo)}`}>{t("bets.signInToPlace")}</a>
        </p>
      ) : (
        <form
          id={formId}
          method="post"
          action={`/${lng}/coupon/place`}
          className="coupon__place-form"
          onSubmit={(event) => {
            if (!hydrated) return;
            event.preventDefault();
            const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
            setAnswer(null);
            submit(fields(submitter?.value === "max" ? "max" : "place"));
          }}
        >
          <AuthenticityTokenInput />
          <input type="hidden" name="key" value={key} />
          <input type="hidden" name="typeId" value={coupon.typeId} />
          {coupon.typeId === COUPON_TYPE.SYSTEM ? <input type="hidden" name="systemValue" value={coupon.systemValue} /> : null}
          {/* No settings here: without JavaScript the place action reads the bettor's settings cookie. */}
          <input type="hidden" name="bets" value={encodeSelections(selections)} />
          {bonus.ok ? <input type="hidden" name="bonusBet" value="1" /> : null}
          <input type="hidden" name="returnTo" value={returnTo} />
          <div className="coupon__place-buttons">
            <button type="submit" name="intent" value="max" className="button" disabled={busy} data-testid="coupon-max">
              {t("bets.max")}
            </button>
            <button type="submit" name="intent" value="place" className="button button--primary coupon__place-button" disabled={busy} data-testid="coupon-place-button">
              {busy ? t("bets.placing") : t("coupon.place")}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
