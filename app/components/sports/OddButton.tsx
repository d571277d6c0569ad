import { useAtomValue, useSetAtom } from "jotai";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useHydrated } from "remix-utils/use-hydrated";
import {
  addBetToCouponAtom,
  couponAccountAtom,
  couponAtom,
  couponSettingsAtom,
  deleteBetFromCouponAtom,
  oneClickBusyAtom,
  oneClickRequestAtom,
  oneClickStakeAtom,
} from "~/coupon/atoms";
import { isBetInCoupon } from "~/coupon/coupon";
import { formatOdds } from "~/coupon/math";
import { oneClickSelection } from "~/coupon/one-click";
import { newPlaceKey } from "~/coupon/place";
import { couponBetFromOutcome } from "~/sports/coupon-bet";
import type { CoefMove } from "~/sports/indication";
import type { GameView, MarketView, OutcomeView } from "~/sports/model";

/**
 * The form around a game's coefficients. Without JavaScript each coefficient is a submit
 * button of this form: it posts the outcome to the coupon action, which adds it to the cookie
 * coupon and sends the bettor back to this game on the same page (the #game-… anchor keeps
 * the scroll position). With JavaScript the click is handled in the browser instead.
 */
export function OutcomesForm({ lng, game, returnTo, children, className }: { lng: string; game: GameView; returnTo: string; children: ReactNode; className?: string }) {
  return (
    <form method="post" action={`/${lng}/coupon`} className={className ?? "outcomes-form"}>
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="gameId" value={game.id} />
      <input type="hidden" name="returnTo" value={returnTo} />
      {children}
    </form>
  );
}

/**
 * One coefficient: adds its outcome to the coupon (or takes it out again). With one-click
 * betting on (SPEC §3/§4: signed in, the site's flag, the bettor's setting) the click places a
 * single with the one-click stake at once instead; OneClickBet sends it and shows the answer.
 */
export function OddButton({
  game,
  market,
  outcome,
  label,
  move,
}: {
  game: GameView;
  market: MarketView;
  outcome: OutcomeView;
  label?: string;
  move?: CoefMove | null;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const coupon = useAtomValue(couponAtom);
  const { oddsFormat, currencyIso } = useAtomValue(couponAccountAtom);
  const settings = useAtomValue(couponSettingsAtom);
  const oneClickStake = useAtomValue(oneClickStakeAtom);
  const placeOneClick = useSetAtom(oneClickRequestAtom);
  const oneClickBusy = useAtomValue(oneClickBusyAtom);
  const add = useSetAtom(addBetToCouponAtom);
  const remove = useSetAtom(deleteBetFromCouponAtom);
  const locked = market.isBlocked || outcome.isBlocked;
  const selected = isBetInCoupon(coupon, outcome.id);
  const name = label ?? outcome.name;
  return (
    <button
      type="submit"
      name="outcomeId"
      value={outcome.id}
      className={`odd${selected ? " is-selected" : ""}${move ? ` is-${move}` : ""}`}
      disabled={locked}
      aria-pressed={selected}
      data-outcome={outcome.id}
      onClick={(event) => {
        if (!hydrated) return;
        event.preventDefault();
        const bet = couponBetFromOutcome(game, market, outcome);
        const selection = oneClickStake === null ? null : oneClickSelection(bet);
        if (oneClickStake !== null && selection) {
          if (oneClickBusy) return;
          const returnTo = event.currentTarget.form?.querySelector<HTMLInputElement>('input[name="returnTo"]')?.value ?? "";
          placeOneClick({
            key: newPlaceKey(),
            bet,
            selection,
            amount: oneClickStake,
            currencyIso,
            changeCoefAction: settings.changeCoefAction,
            returnTo,
          });
        } else if (selected) remove(outcome.id);
        else add(bet);
      }}
    >
      {/* No aria-label: the visible name and coefficient are the button's accessible name
          (WCAG 2.5.3 label in name), the space between the spans keeps them two words. */}
      <span className="odd__name">{name}</span>{" "}
      {locked ? (
        <>
          <span className="visually-hidden">{t("sports.oddSuspended")}</span>
          <svg className="odd__lock" viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
            <path d="M7 11V8a5 5 0 0 1 10 0v3M5 11h14v10H5z" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </>
      ) : (
        <span className="odd__coef">
          {formatOdds(outcome.coef, oddsFormat)}
          {move ? <span className="odd__move" aria-hidden="true">{move === "up" ? "▲" : "▼"}</span> : null}
        </span>
      )}
    </button>
  );
}
