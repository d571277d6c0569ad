import { useAtomValue, useStore } from "jotai";
import { type MouseEvent, type ReactNode, createContext, useContext, useMemo } from "react";
import { I18nContext, useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useHydrated } from "remix-utils/use-hydrated";
import {
  couponAccountAtom,
  couponBetsAtom,
  couponSettingsAtom,
  oneClickBusyAtom,
  oneClickRequestAtom,
  oneClickStakeAtom,
  withCouponAtoms,
} from "~/coupon/store";
import { preloadCouponSlip } from "~/components/coupon/CouponPanel";
import { Kept } from "~/components/Kept";
import { isBetInCoupon } from "~/coupon/model";
import { type OddsFormat, formatOdds } from "~/coupon/odds-format";
import { oneClickSelection } from "~/coupon/one-click";
import { newPlaceKey } from "~/coupon/place";
import { couponBetFromOutcome } from "~/sports/coupon-bet";
import type { CoefMove } from "~/sports/indication";
import type { GameView, MarketView, OutcomeView } from "~/sports/model";

/**
 * The form around coefficients: one game's, or a whole list's (one form per list keeps a game
 * row light). Without JavaScript each coefficient is a submit button of this form: it posts its
 * game and outcome to the coupon action, which adds it to the cookie coupon and sends the bettor
 * back to that game on the same page (the #game-… anchor keeps the scroll position). With
 * JavaScript the click is handled in the browser instead.
 *
 * `keep` is for rows many viewers are shown alike (decision 055): `of` is the shared answer they
 * show unchanged (null when they show more, such as odds that moved), `variant` names everything
 * else they depend on; the children then read only their props, the form's coefficients and the
 * translations. The server renders such rows once per answer and variant (`Kept`), unless the
 * bettor's coupon holds bets (the buttons would show them).
 */
export function OutcomesForm({
  lng,
  returnTo,
  children,
  className,
  keep,
  suspended = false,
}: {
  lng: string;
  returnTo: string;
  children: ReactNode | (() => ReactNode);
  className?: string;
  keep?: { of: object | null; variant: string };
  /** The page shows the last odds it had while the platform is away (decision 063): no form, every coefficient locked. */
  suspended?: boolean;
}) {
  const state = useOddsState();
  const odds = suspended ? { ...state, suspended } : state;
  const i18n = useContext(I18nContext);
  // Rows given as a function are made only when rendered: not at all when their markup is kept.
  const rows = () => <OddsContext.Provider value={odds}>{typeof children === "function" ? children() : children}</OddsContext.Provider>;
  const content = keep ? (
    // The layout ignores the wrapper (display: contents). A coupon with bets shows on the buttons.
    <Kept className="outcomes-form__rows" of={odds.hasBets ? null : keep.of} variant={`${keep.variant}|${odds.oddsFormat}|${suspended}`}>
      {() => <I18nContext.Provider value={i18n}>{rows()}</I18nContext.Provider>}
    </Kept>
  ) : (
    rows()
  );
  // Suspended, nothing may be posted to the coupon, with or without JavaScript.
  if (suspended) return <div className={className ?? "outcomes-form"}>{content}</div>;
  return (
    // Pointing at (or tabbing to) a coefficient starts loading the filled coupon it is about to need.
    <form method="post" action={`/${lng}/coupon`} className={className ?? "outcomes-form"} onPointerOver={preloadCouponSlip} onFocus={preloadCouponSlip}>
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="returnTo" value={returnTo} />
      {content}
    </form>
  );
}

/**
 * What every coefficient of a form reads: the coupon, the odds format, one-click betting. Read
 * once per form and shared, rather than a dozen hooks in each of a page's hundred buttons.
 */
interface OddsState {
  isSelected: (outcomeId: string) => boolean;
  hasBets: boolean;
  oddsFormat: OddsFormat;
  /** Every coefficient locked: the platform is away (decision 063). */
  suspended?: boolean;
  pick: (event: MouseEvent<HTMLButtonElement>, game: GameView, market: MarketView, outcome: OutcomeView) => void;
}

const OddsContext = createContext<OddsState | null>(null);

function useOddsState(): OddsState {
  const hydrated = useHydrated();
  const store = useStore();
  const bets = useAtomValue(couponBetsAtom);
  const { oddsFormat, currency } = useAtomValue(couponAccountAtom);
  const settings = useAtomValue(couponSettingsAtom);
  const oneClickStake = useAtomValue(oneClickStakeAtom);
  const { changeCoefAction, exactCoef, isDropOnScoreChange } = settings;
  return useMemo(
    () => ({
      isSelected: (outcomeId: string) => isBetInCoupon({ bets }, outcomeId),
      hasBets: bets.length > 0,
      oddsFormat,
      pick: (event: MouseEvent<HTMLButtonElement>, game: GameView, market: MarketView, outcome: OutcomeView) => {
        if (!hydrated) return;
        event.preventDefault();
        const bet = couponBetFromOutcome(game, market, outcome);
        const selection = oneClickStake === null ? null : oneClickSelection(bet);
        if (oneClickStake !== null && selection) {
          // One at a time, read from the store now rather than from the last render: a double
          // click's second event comes before React renders again. The flag goes up with the
          // request and down once its answer (or its failure) is in.
          if (store.get(oneClickBusyAtom) || store.get(oneClickRequestAtom)) return;
          store.set(oneClickBusyAtom, true);
          const returnTo = event.currentTarget.form?.querySelector<HTMLInputElement>('input[name="returnTo"]')?.value ?? "";
          store.set(oneClickRequestAtom, { key: newPlaceKey(), bet, selection, amount: oneClickStake, currency, changeCoefAction, exactCoef, isDropOnScoreChange, returnTo });
        } else {
          const button = event.currentTarget;
          // The coupon as it is when the domain runs: a second click while it loads takes the bet out again.
          withCouponAtoms(
            (atoms) => {
              if (isBetInCoupon({ bets: store.get(couponBetsAtom) }, outcome.id)) store.set(atoms.deleteBetFromCouponAtom, outcome.id);
              else store.set(atoms.addBetToCouponAtom, bet);
            },
            // Its code cannot load (a network failure): the form posts the pick, as without JavaScript.
            () => button.form?.requestSubmit(button),
          );
        }
      },
    }),
    [hydrated, store, bets, oddsFormat, currency, changeCoefAction, exactCoef, isDropOnScoreChange, oneClickStake],
  );
}

/**
 * One coefficient: adds its outcome to the coupon (or takes it out again). With one-click
 * betting on (SPEC §3/§4: signed in, the site's flag, the bettor's setting) the click places a
 * single with the one-click stake at once instead; OneClickBet sends it and shows the answer.
 * It belongs to an OutcomesForm, whose button it is without JavaScript.
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
  const odds = useContext(OddsContext);
  if (!odds) throw new Error("OddButton outside an OutcomesForm");
  const locked = odds.suspended === true || market.isBlocked || outcome.isBlocked;
  const selected = odds.isSelected(outcome.id);
  const name = label ?? outcome.name;
  return (
    <button
      type="submit"
      name="pick"
      value={`${game.id}:${outcome.id}`}
      className={`odd${selected ? " is-selected" : ""}${move ? ` is-${move}` : ""}`}
      disabled={locked}
      aria-pressed={selected}
      data-outcome={outcome.id}
      onClick={(event) => odds.pick(event, game, market, outcome)}
    >
      {/* No aria-label: the visible name and coefficient are the button's accessible name
          (WCAG 2.5.3 label in name), the space between the spans keeps them two words. */}
      <span className="odd__name">{name}</span>{" "}
      {locked ? (
        <LockedOdd />
      ) : (
        <span className="odd__coef">
          {formatOdds(outcome.coef, odds.oddsFormat)}
          {move ? <span className="odd__move" aria-hidden="true">{move === "up" ? "▲" : "▼"}</span> : null}
        </span>
      )}
    </button>
  );
}

function LockedOdd() {
  const { t } = useTranslation();
  return (
    <>
      <span className="visually-hidden">{t("sports.oddSuspended")}</span>
      <svg className="odd__lock" viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
        <path d="M7 11V8a5 5 0 0 1 10 0v3M5 11h14v10H5z" fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
    </>
  );
}
