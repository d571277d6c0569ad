import { useAtomValue, useSetAtom } from "jotai";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";
import { formatMoney, minorToInput, parseAmountInput } from "~/coupon/amount-input";
import {
  bonusBetOfferAtom,
  couponAccountAtom,
  couponAtom,
  couponBetStatesAtom,
  couponPlacementRefusalsAtom,
  couponPossibleWinAtom,
  couponSettingsAtom,
  couponSystemOptionsAtom,
  couponSystemReturnAtom,
  deleteBetFromCouponAtom,
  setBetAsBankerAtom,
  setCouponAmountAtom,
  setCouponPromoCodeAtom,
  setCouponTypeAtom,
  setSystemValueAtom,
} from "~/coupon/atoms";
import { BONUS_BET_ID, COUPON_TYPE, LOBBY_BLOCK_ID } from "~/coupon/constants";
import { betsInAddedOrder } from "~/coupon/coupon";
import { formatOdds } from "~/coupon/math";
import { getBetId } from "~/coupon/model";
import { promoCodeAccess } from "~/coupon/rules";
import { useRootData } from "~/components/root-data";
import { CouponFormFields, useInPlace } from "./coupon-form";
import { PlaceCoupon } from "./PlaceCoupon";

const TYPES = [
  { id: COUPON_TYPE.SINGLE, key: "single", minBets: 1, maxBets: 1 },
  { id: COUPON_TYPE.EXPRESS, key: "express", minBets: 2, maxBets: Infinity },
  { id: COUPON_TYPE.SYSTEM, key: "system", minBets: 3, maxBets: Infinity },
  { id: COUPON_TYPE.MULTIPLE_SINGLES, key: "multiple", minBets: 2, maxBets: Infinity },
] as const;

/**
 * The filled coupon: the type, the bets, the system, the stake and what it may win, and the
 * place button. The panel loads it once the coupon has a bet
 * (see CouponPanel.tsx). It stays mounted when the coupon empties, since a placement empties the
 * coupon and its answer still shows here.
 */
export function CouponSlip({ lng, returnTo, variant }: { lng: string; returnTo: string; variant: "aside" | "page" }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const js = useInPlace();
  const coupon = useAtomValue(couponAtom);
  const account = useAtomValue(couponAccountAtom);
  const settings = useAtomValue(couponSettingsAtom);
  const states = useAtomValue(couponBetStatesAtom);
  const possibleWin = useAtomValue(couponPossibleWinAtom);
  const systemOptions = useAtomValue(couponSystemOptionsAtom);
  const systemReturn = useAtomValue(couponSystemReturnAtom);
  const refusals = useAtomValue(couponPlacementRefusalsAtom);
  const bonus = useAtomValue(bonusBetOfferAtom);
  const remove = useSetAtom(deleteBetFromCouponAtom);
  const setType = useSetAtom(setCouponTypeAtom);
  const setSystemValue = useSetAtom(setSystemValueAtom);
  const setAmount = useSetAtom(setCouponAmountAtom);
  const setBanker = useSetAtom(setBetAsBankerAtom);
  const setPromoCode = useSetAtom(setCouponPromoCodeAtom);
  const root = useRootData();
  const { currency } = account;
  const money = (amount: number) => formatMoney(amount, currency.exponent, currency.iso, lng);
  const bets = betsInAddedOrder(coupon);
  const amount = coupon.amount || coupon.initialAmount;
  const [amountText, setAmountText] = useState(minorToInput(amount, currency.exponent));
  // The stake starts at the currency's initial amount (SPEC §9).
  useEffect(() => {
    if (hydrated && coupon.amount === 0 && coupon.initialAmount > 0) setAmount(coupon.initialAmount);
  }, [hydrated, coupon.amount, coupon.initialAmount, setAmount]);
  // The stake set from outside the field (auto-max, a refusal's "bet the maximum") shows in it.
  useEffect(() => {
    if (parseAmountInput(amountText, currency.exponent) !== amount) setAmountText(minorToInput(amount, currency.exponent));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [amount]);
  const isSystem = coupon.typeId === COUPON_TYPE.SYSTEM;
  // SPEC §4: no promo code for multiple singles. The field joins the place form through form=.
  const promo = promoCodeAccess(coupon.typeId);
  // The coupon would be refused below the bettor's exact coefficient: said before they place it.
  const belowExact = settings.exactCoef !== null && coupon.coef > 0 && !isSystem && coupon.typeId !== COUPON_TYPE.MULTIPLE_SINGLES && coupon.coef < settings.exactCoef;
  const hidden = <CouponFormFields returnTo={returnTo} />;
  const action = `/${lng}/coupon`;
  // A bet's (or the bonus bet's) × button: a form without JavaScript, the atom with it.
  const removeForm = (betId: string, label: string) => (
    <form method="post" action={action}>
      {hidden}
      <input type="hidden" name="betId" value={betId} />
      <button type="submit" name="intent" value="remove" className="coupon-bet__remove" aria-label={label} onClick={js(() => remove(betId))}>
        ×
      </button>
    </form>
  );
  return (
    <>
      {bets.length === 0 ? null : (
        <>
          <form method="post" action={action} className="coupon__types" aria-label={t("coupon.type")}>
            {hidden}
            <input type="hidden" name="intent" value="type" />
            {TYPES.map((type) => {
              const allowed = bets.length >= type.minBets && bets.length <= type.maxBets;
              const active = coupon.typeId === type.id;
              return (
                <button
                  key={type.id}
                  type="submit"
                  name="typeId"
                  value={type.id}
                  className={`coupon__type${active ? " is-active" : ""}`}
                  aria-pressed={active}
                  disabled={!allowed}
                  onClick={js(() => setType(type.id))}
                >
                  {t(`coupon.types.${type.key}`)}
                </button>
              );
            })}
          </form>
          <ul className="coupon__bets">
            {bets.map((bet) => {
              const id = getBetId(bet);
              const state = states[id];
              const isBanker = bet.blockId === LOBBY_BLOCK_ID;
              return (
                <li key={id} className={`coupon-bet${state?.lock ? " is-locked" : ""}`} data-bet={id}>
                  <div className="coupon-bet__top">
                    <span className="coupon-bet__game">
                      {state?.isLive ? <span className="live-dot" aria-label={t("sports.liveBadge")} /> : null}
                      {bet.market.opponent1Name} — {bet.market.opponent2Name}
                    </span>
                    {removeForm(id, t("coupon.remove"))}
                  </div>
                  <div className="coupon-bet__pick">
                    <span>
                      <span className="coupon-bet__market">{bet.market.marketName}</span> {bet.market.outcomeName}
                    </span>
                    <b className="coupon-bet__coef">{state?.lock ? "—" : formatOdds(bet.market.coef, account.oddsFormat)}</b>
                  </div>
                  {bet.scores ? (
                    <span className="coupon-bet__score">
                      {bet.scores.opponent1}:{bet.scores.opponent2}
                    </span>
                  ) : null}
                  {state?.lock ? (
                    <p className="coupon-bet__lock" role="status">
                      {t(`coupon.lock.${state.lock}`)}
                    </p>
                  ) : null}
                  {state?.refusals.some((r) => r.reason === "game-finished") ? <p className="coupon-bet__lock">{t("coupon.gameFinished")}</p> : null}
                  {isSystem && hydrated ? (
                    <label className="coupon-bet__banker">
                      <input type="checkbox" checked={isBanker} disabled={bet.isDisabledBanker} onChange={(e) => setBanker({ betId: id, isBanker: e.target.checked })} />
                      {t("coupon.banker")}
                    </label>
                  ) : null}
                </li>
              );
            })}
            {bonus.ok ? (
              // SPEC §4: the offered bonus is a row of its own; deleting it sets manuallyDeletedBonusBet.
              <li className="coupon-bet coupon-bet--bonus" data-bet={BONUS_BET_ID}>
                <div className="coupon-bet__top">
                  <span className="coupon-bet__game">{t("coupon.bonusBet.title")}</span>
                  {removeForm(BONUS_BET_ID, t("coupon.bonusBet.remove"))}
                </div>
                <div className="coupon-bet__pick">
                  <span>{t("coupon.bonusBet.note", { percent: Math.round((bonus.coef - 1) * 100) })}</span>
                  <b className="coupon-bet__coef" data-testid="bonus-coef">
                    ×{bonus.coef.toFixed(2)}
                  </b>
                </div>
              </li>
            ) : null}
          </ul>
          {isSystem ? (
            <form method="post" action={action} className="coupon__system">
              {hidden}
              <input type="hidden" name="intent" value="system" />
              <label htmlFor="system-value">{t("coupon.systemValue")}</label>
              <select
                id="system-value"
                name="systemValue"
                value={coupon.systemValue}
                onChange={(e) => hydrated && setSystemValue(Number(e.target.value))}
              >
                {systemOptions.map((option) => (
                  <option key={option.value} value={option.value}>
                    {t("coupon.systemOption", { value: option.value, count: bets.length - option.offset, combo: option.combo })}
                  </option>
                ))}
              </select>
              {hydrated ? null : (
                <button type="submit" className="button button--small">
                  {t("coupon.apply")}
                </button>
              )}
            </form>
          ) : null}
          <div className="coupon__summary">
            {coupon.typeId !== COUPON_TYPE.MULTIPLE_SINGLES && !isSystem ? (
              <p className="coupon__row">
                <span>{t("coupon.totalCoef")}</span>
                <b data-testid="coupon-coef">{coupon.coefByView || "—"}</b>
              </p>
            ) : null}
            {belowExact ? (
              <p className="coupon__warning" role="status" data-testid="coupon-below-exact">
                {t("coupon.belowExactCoef", { coef: settings.exactCoef!.toFixed(2) })}
              </p>
            ) : null}
            {settings.isBalanceShown && root?.balance ? (
              <p className="coupon__row" data-testid="coupon-balance">
                <span>{t("bets.balance")}</span>
                <b>{formatMoney(root.balance.available, root.balance.exponent, root.balance.currency, lng)}</b>
              </p>
            ) : null}
            <div className="coupon__row">
              <label htmlFor={`stake-${variant}`}>{t("coupon.stake", { currency: currency.iso })}</label>
              <input
                id={`stake-${variant}`}
                className="coupon__stake"
                inputMode="decimal"
                name="amount"
                form={`place-${variant}`}
                value={amountText}
                step={minorToInput(coupon.amountStep, currency.exponent)}
                onChange={(e) => {
                  setAmountText(e.target.value);
                  const parsed = parseAmountInput(e.target.value, currency.exponent);
                  if (parsed !== null) setAmount(parsed);
                }}
                aria-describedby={`stake-step-${variant}${settings.isAutoMax ? ` stake-auto-${variant}` : ""}`}
              />
            </div>
            {settings.isAutoMax ? (
              <p className="coupon__hint" id={`stake-auto-${variant}`} data-testid="coupon-auto-max">
                {t("coupon.autoMaxHint")}
              </p>
            ) : null}
            <div className="coupon__steps" id={`stake-step-${variant}`}>
              {[1, 2, 5, 10].map((times) => {
                const value = coupon.amountStep * times;
                return (
                  <button
                    key={times}
                    type="button"
                    className="chip"
                    disabled={!hydrated}
                    onClick={() => {
                      const next = amount + value;
                      setAmount(next);
                      setAmountText(minorToInput(next, currency.exponent));
                    }}
                  >
                    +{minorToInput(value, currency.exponent)}
                  </button>
                );
              })}
            </div>
            {promo.ok ? (
              <div className="coupon__row coupon__row--promo">
                <label htmlFor={`promo-${variant}`}>{t("coupon.promoCode")}</label>
                <input
                  id={`promo-${variant}`}
                  className="coupon__promo"
                  name="promoCode"
                  form={`place-${variant}`}
                  maxLength={32}
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  dir="ltr"
                  value={coupon.promoCode}
                  onChange={(e) => setPromoCode(e.target.value)}
                  data-testid="coupon-promo"
                />
              </div>
            ) : null}
            {settings.isPossibleWinShown && possibleWin !== null ? (
              <p className="coupon__row coupon__row--win">
                <span>{t("coupon.possibleWin")}</span>
                <b data-testid="possible-win">{money(possibleWin)}</b>
              </p>
            ) : null}
            {isSystem && systemReturn ? (
              <p className="coupon__row">
                <span>{t("coupon.minSystemWin")}</span>
                <b data-testid="min-system-win">{money(systemReturn.minWin)}</b>
              </p>
            ) : null}
          </div>
          {refusals.filter((r) => r.reason !== "bet-locked" && r.reason !== "game-finished").length > 0 ? (
            <ul className="coupon__refusals">
              {refusals
                .filter((r) => r.reason !== "bet-locked" && r.reason !== "game-finished")
                .map((r, i) => (
                  <li key={i}>{t(`coupon.refusal.${r.reason}`, { defaultValue: t("coupon.refusal.generic") })}</li>
                ))}
            </ul>
          ) : null}
        </>
      )}
      <PlaceCoupon lng={lng} returnTo={returnTo} formId={`place-${variant}`} />
    </>
  );
}
