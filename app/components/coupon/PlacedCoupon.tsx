import { type FormEvent, useId } from "react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { formatMoney, minorToInput } from "~/coupon/amount-input";
import { COUPON_TYPE } from "~/coupon/constants";
import type { CouponView } from "~/coupon/place-answer";
import { decodeSelections, encodeSelections, withNewCoefs } from "~/coupon/place";
import type { PlaceAnswer, PlaceEcho, PlacementCheck, RefusalView } from "~/coupon/place-answer";

const TYPE_KEYS: Record<number, string> = {
  [COUPON_TYPE.SINGLE]: "single",
  [COUPON_TYPE.EXPRESS]: "express",
  [COUPON_TYPE.SYSTEM]: "system",
  [COUPON_TYPE.SYSTEM_STYLE]: "system",
  [COUPON_TYPE.MULTIPLE_SINGLES]: "multiple",
};

export function couponTypeKey(typeId: number): string {
  return `coupon.types.${TYPE_KEYS[typeId] ?? "single"}`;
}

/** The coupon's state in words: waiting, accepted, refused, or its settled status (SPEC §4). */
export function useCouponStateLabel() {
  const { t } = useTranslation();
  return (coupon: Pick<CouponView, "state" | "statusId">) =>
    coupon.state === "settled" ? t(`bets.couponStatus.${coupon.statusId}`, { defaultValue: t("bets.state.settled") }) : t(`bets.state.${coupon.state}`);
}

/** A placed coupon: its number, type, stake, coefficient, possible win or payout and selections. */
export function CouponCard({ coupon, lng, headingLevel = 3, waitLeftMs }: { coupon: CouponView; lng: string; headingLevel?: 2 | 3; waitLeftMs?: number | null }) {
  const { t } = useTranslation();
  const stateLabel = useCouponStateLabel();
  const money = (amount: number) => formatMoney(amount, coupon.exponent, coupon.currency, lng);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className={`placed-coupon placed-coupon--${coupon.state}`} data-testid="placed-coupon" data-coupon-id={coupon.id} data-state={coupon.state}>
      <header className="placed-coupon__head">
        <Heading className="placed-coupon__title">
          {t("bets.couponNumber", { number: coupon.number })}
          {coupon.isVip ? <span className="badge placed-coupon__vip"> {t("bets.vip")}</span> : null}
        </Heading>
        <span className={`placed-coupon__state placed-coupon__state--${coupon.state}`} data-testid="coupon-state">
          {stateLabel(coupon)}
        </span>
      </header>
      {coupon.state === "waiting" ? (
        <p className="placed-coupon__wait" role="status" data-testid="coupon-waiting">
          {t("bets.waiting", { seconds: Math.max(0, Math.ceil((waitLeftMs ?? coupon.waitMs) / 1000)) })}
        </p>
      ) : null}
      {coupon.state === "approval" ? (
        <p className="placed-coupon__wait" role="status" data-testid="coupon-approval">
          {t("bets.approvalWaiting")}
        </p>
      ) : null}
      {coupon.state === "refused" && coupon.refusal ? (
        <p className="notice notice--danger" role="alert">
          {t(`bets.refusal.${coupon.refusal.code}`, { defaultValue: t("bets.refusal.unknown"), max: "", min: "", available: "", count: 0 })}
        </p>
      ) : null}
      <dl className="placed-coupon__facts">
        <dt>{t("bets.type")}</dt>
        <dd data-testid="coupon-type">
          {`${t(couponTypeKey(coupon.groupTypeId === COUPON_TYPE.MULTIPLE_SINGLES ? COUPON_TYPE.MULTIPLE_SINGLES : coupon.typeId))}${coupon.systemValue ? ` ${coupon.systemValue}/${coupon.selections.filter((s) => !s.isBanker).length}` : ""}`}
        </dd>
        <dt>{t("bets.placedAt")}</dt>
        <dd>
          <time dateTime={coupon.createdAt}>{new Date(coupon.createdAt).toISOString().slice(0, 16).replace("T", " ")}</time>
        </dd>
        <dt>{t("bets.amount")}</dt>
        <dd data-testid="coupon-amount">{money(coupon.amount)}</dd>
        <dt>{t("coupon.totalCoef")}</dt>
        <dd>{coupon.coef.toFixed(2)}</dd>
        {coupon.promoCode ? (
          <>
            <dt>{t("coupon.promoCode")}</dt>
            <dd data-testid="coupon-promo-code" dir="ltr">
              {coupon.promoCode}
            </dd>
          </>
        ) : null}
        {coupon.payout !== null ? (
          <>
            <dt>{t("bets.payout")}</dt>
            <dd data-testid="coupon-payout">{money(coupon.payout)}</dd>
          </>
        ) : (
          <>
            <dt>{t("coupon.possibleWin")}</dt>
            <dd data-testid="coupon-possible-win">{money(coupon.possibleWin)}</dd>
          </>
        )}
      </dl>
      <table className="placed-coupon__bets">
        <thead>
          <tr>
            <th scope="col">{t("bets.selection")}</th>
            <th scope="col">{t("bets.coef")}</th>
            <th scope="col">{t("bets.selectionStatus")}</th>
          </tr>
        </thead>
        <tbody>
          {coupon.selections.map((s) => (
            <tr key={s.outcomeId} data-testid="placed-selection" data-status={s.statusId}>
              <td>
                <span className="placed-coupon__game">
                  {s.game}
                  {s.score ? ` (${s.score})` : ""}
                </span>
                <span className="placed-coupon__pick">
                  {s.market ? `${s.market}: ` : ""}
                  {s.outcome}
                  {s.isBanker ? ` · ${t("coupon.banker")}` : ""}
                </span>
              </td>
              <td>{s.coef.toFixed(2)}</td>
              <td>{t(`bets.status.${s.statusId}`, { defaultValue: "" })}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="placed-coupon__links link-buttons">
        <a className="button button--ghost button--small" href={`/${lng}/print-coupon/${coupon.id}`} target="_blank" rel="noopener">
          {t("bets.print")}
        </a>
      </p>
    </article>
  );
}

/**
 * The hidden fields of a place form that sends `echo` again, with some fields changed. It carries
 * the settings the first was sent with, so the action judges it alike with or without JavaScript.
 */
export function EchoFields({ echo, amount, bets, js, vipBet, exactCoef }: { echo: PlaceEcho; amount?: string; bets?: string; js: boolean; vipBet?: boolean; exactCoef?: string }) {
  return (
    <>
      <AuthenticityTokenInput />
      <input type="hidden" name="key" value={echo.key} />
      <input type="hidden" name="typeId" value={echo.typeId} />
      {echo.systemValue !== null ? <input type="hidden" name="systemValue" value={echo.systemValue} /> : null}
      <input type="hidden" name="amount" value={amount ?? echo.amount} />
      <input type="hidden" name="changeCoefAction" value={echo.changeCoefAction} />
      <input type="hidden" name="exactCoef" value={exactCoef ?? echo.exactCoef} />
      <input type="hidden" name="dropOnScoreChange" value={echo.dropOnScoreChange ? "1" : "0"} />
      <input type="hidden" name="bets" value={bets ?? echo.bets} />
      {echo.bonusBet ? <input type="hidden" name="bonusBet" value="1" /> : null}
      <input type="hidden" name="vipBet" value={echo.vipBet || vipBet ? "1" : "0"} />
      {echo.promoCode ? <input type="hidden" name="promoCode" value={echo.promoCode} /> : null}
      <input type="hidden" name="returnTo" value={echo.returnTo} />
      {js ? <input type="hidden" name="js" value="1" /> : null}
    </>
  );
}

export interface OutcomeHandlers {
  /** With JavaScript: send the form through the fetcher instead of navigating. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  /** With JavaScript: close the dialog. */
  onClose?: () => void;
  /** Names a selection of the bettor's coupon by outcome id. */
  betName?: (outcomeId: number) => string | null;
}

/** The coefficients a refusal names, each with its bet. */
function NewCoefs({ bets, betName }: { bets: readonly { outcomeId: number; coef: number }[]; betName?: (outcomeId: number) => string | null }) {
  return (
    <ul className="place-refusal__coefs" data-testid="new-coefs">
      {bets.map((b) => (
        <li key={b.outcomeId}>
          {betName?.(b.outcomeId) ?? `#${b.outcomeId}`}: <b>{b.coef.toFixed(2)}</b>
        </li>
      ))}
    </ul>
  );
}

/** A refusal: the translated reason and what the bettor can do now (SPEC §4, issue 14). */
export function RefusalPanel({ lng, refusal, echo, handlers = {} }: { lng: string; refusal: RefusalView; echo: PlaceEcho; handlers?: OutcomeHandlers }) {
  const { t } = useTranslation();
  const js = Boolean(handlers.onSubmit);
  const action = `/${lng}/coupon/place`;
  const offer = refusal.offer;
  const money = (amount: number) => formatMoney(amount, refusal.exponent, refusal.currency, lng);
  const blocked = refusal.outcomeId !== null ? (handlers.betName?.(refusal.outcomeId) ?? refusal.betName) : null;
  // The coupon panel and a one-click notification may both show a refusal: ids of their own.
  const id = useId();
  return (
    <div className="place-refusal" role="alertdialog" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} data-testid="place-refusal" data-code={refusal.code}>
      <h2 id={`${id}-title`} className="place-refusal__title">
        {t("bets.refusedTitle")}
      </h2>
      <p id={`${id}-text`} className="notice notice--danger">
        {refusal.message}
      </p>
      {blocked ? (
        <p className="place-refusal__bet" data-testid="refused-bet" data-outcome-id={refusal.outcomeId}>
          {t("bets.blockedBet", { bet: blocked })}
        </p>
      ) : null}
      {offer.kind === "new-coefs" ? (
        <form method="post" action={action} onSubmit={handlers.onSubmit} className="place-refusal__offer">
          <NewCoefs bets={offer.bets} betName={handlers.betName} />
          <EchoFields echo={echo} js={js} bets={encodeSelections(withNewCoefs(decodeSelections(echo.bets) ?? [], offer.bets))} />
          <button type="submit" name="intent" value="place" className="button button--primary">
            {t("bets.acceptNewCoefs")}
          </button>
        </form>
      ) : null}
      {offer.kind === "without-exact-coef" ? (
        <form method="post" action={action} onSubmit={handlers.onSubmit} className="place-refusal__offer">
          {offer.bets.length ? <NewCoefs bets={offer.bets} betName={handlers.betName} /> : null}
          <EchoFields echo={echo} js={js} exactCoef="" bets={encodeSelections(withNewCoefs(decodeSelections(echo.bets) ?? [], offer.bets))} />
          <button type="submit" name="intent" value="place" className="button button--primary">
            {t("bets.placeWithoutExactCoef")}
          </button>
        </form>
      ) : null}
      {offer.kind === "stake" ? (
        <form method="post" action={action} onSubmit={handlers.onSubmit} className="place-refusal__offer">
          <p>{t(offer.reason === "max" ? "bets.maxNow" : "bets.minStake", { amount: money(offer.amount) })}</p>
          <EchoFields echo={echo} js={js} amount={minorToInput(offer.amount, refusal.exponent)} />
          <button type="submit" name="intent" value="place" className="button button--primary">
            {t("bets.placeWith", { amount: money(offer.amount) })}
          </button>
        </form>
      ) : null}
      {offer.kind === "resend" ? (
        <form method="post" action={action} onSubmit={handlers.onSubmit} className="place-refusal__offer" data-testid="resend-offer">
          <EchoFields echo={echo} js={js} />
          <button type="submit" name="intent" value="place" className="button button--primary">
            {t("bets.sendAgain")}
          </button>
        </form>
      ) : null}
      {refusal.vipOffer ? (
        <form method="post" action={action} onSubmit={handlers.onSubmit} className="place-refusal__offer" data-testid="vip-offer">
          <p>{t("bets.vipOffer")}</p>
          <EchoFields echo={echo} js={js} vipBet />
          <button type="submit" name="intent" value="place" className="button button--primary">
            {t("bets.sendVip")}
          </button>
        </form>
      ) : null}
      {refusal.code === "insufficient_balance" ? (
        <p className="place-refusal__offer" data-testid="deposit-offer">
          <a className="button button--primary" href={`/${lng}/office/recharge`}>
            {t("bets.depositToBet")}
          </a>
        </p>
      ) : null}
      {offer.kind === "remove-bet" && !js ? (
        <form method="post" action={`/${lng}/coupon`} className="place-refusal__offer">
          <AuthenticityTokenInput />
          <input type="hidden" name="betId" value={offer.outcomeId} />
          <input type="hidden" name="returnTo" value={echo.returnTo} />
          <button type="submit" name="intent" value="remove" className="button">
            {t("bets.removeBet")}
          </button>
        </form>
      ) : null}
      {js ? (
        <button type="button" className="button" onClick={handlers.onClose}>
          {offer.kind === "new-coefs" ? t("bets.decline") : t("bets.close")}
        </button>
      ) : (
        <p>
          <a href={echo.returnTo}>{offer.kind === "new-coefs" ? t("bets.decline") : t("bets.place.backToCoupon")}</a>
        </p>
      )}
    </div>
  );
}

/**
 * A placement sent without an answer (issue 37): it may stand. The bettor is told so, where it
 * shows if it was placed, and gets the same slip to send again (the same key: the platform
 * answers the bet if it stands and places it once if not). With JavaScript the coupon asks by
 * itself meanwhile (`checking`).
 */
export function UnconfirmedPanel({ lng, echo, handlers = {}, checking = false }: { lng: string; echo: PlaceEcho; handlers?: OutcomeHandlers; checking?: boolean }) {
  const { t } = useTranslation();
  const js = Boolean(handlers.onSubmit);
  const id = useId();
  return (
    <div className="place-refusal" role="alertdialog" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} data-testid="place-unconfirmed">
      <h2 id={`${id}-title`} className="place-refusal__title">
        {t("bets.unconfirmed.title")}
      </h2>
      <p id={`${id}-text`} className="notice notice--warning">
        {t("bets.unconfirmed.text")}
      </p>
      {checking ? (
        <p role="status" data-testid="place-checking">
          {t("bets.unconfirmed.checking")}
        </p>
      ) : null}
      <p className="link-buttons">
        <a className="button button--ghost button--small" href={`/${lng}/office/history`}>
          {t("bets.toHistory")}
        </a>
        {js ? null : (
          <a className="button button--ghost button--small" href={`/${lng}/coupon/place?key=${encodeURIComponent(echo.key)}`} data-testid="place-check">
            {t("bets.unconfirmed.check")}
          </a>
        )}
      </p>
      <form method="post" action={`/${lng}/coupon/place`} onSubmit={handlers.onSubmit} className="place-refusal__offer" data-testid="resend-offer">
        <p>{t("bets.unconfirmed.again")}</p>
        <EchoFields echo={echo} js={js} />
        <button type="submit" name="intent" value="place" className="button button--primary">
          {t("bets.sendAgain")}
        </button>
      </form>
      {js ? (
        <button type="button" className="button" onClick={handlers.onClose}>
          {t("bets.close")}
        </button>
      ) : (
        <p>
          <a href={echo.returnTo}>{t("bets.place.backToCoupon")}</a>
        </p>
      )}
    </div>
  );
}

/** The answer of the place action, as the no-JavaScript page and the coupon panel show it. */
export function PlaceOutcome({ lng, answer, handlers, waitLeftMs, checking }: { lng: string; answer: PlaceAnswer; handlers?: OutcomeHandlers; waitLeftMs?: number | null; checking?: boolean }) {
  const { t } = useTranslation();
  if (answer.kind === "refused") return <RefusalPanel lng={lng} refusal={answer.refusal} echo={answer.echo} handlers={handlers} />;
  if (answer.kind === "unconfirmed") return <UnconfirmedPanel lng={lng} echo={answer.echo} handlers={handlers} checking={checking} />;
  if (answer.kind === "max") {
    const money = (amount: number) => formatMoney(amount, answer.exponent, answer.currency, lng);
    return (
      <form method="post" action={`/${lng}/coupon/place`} onSubmit={handlers?.onSubmit} className="place-refusal__offer" data-testid="max-offer">
        <p>{t("bets.maxNow", { amount: money(answer.maxBetAmount) })}</p>
        <EchoFields echo={answer.echo} js={Boolean(handlers?.onSubmit)} amount={minorToInput(answer.maxBetAmount, answer.exponent)} />
        <button type="submit" name="intent" value="place" className="button button--primary" disabled={answer.maxBetAmount <= 0}>
          {t("bets.placeWith", { amount: money(answer.maxBetAmount) })}
        </button>
      </form>
    );
  }
  return <PlacedSuccess lng={lng} coupons={answer.coupons} waitLeftMs={waitLeftMs} />;
}

/** Placed coupons with the words that say so and the way to the history. */
function PlacedSuccess({ lng, coupons, waitLeftMs }: { lng: string; coupons: readonly CouponView[]; waitLeftMs?: number | null }) {
  const { t } = useTranslation();
  return (
    <div className="place-success" data-testid="place-success">
      <p className="notice notice--success" role="status">
        {coupons.some((c) => c.state === "approval")
          ? t("bets.placedApproval")
          : coupons.some((c) => c.state === "waiting")
            ? t("bets.placedWaiting")
            : t("bets.placed")}
      </p>
      {coupons.map((c) => (
        <CouponCard key={c.id} coupon={c} lng={lng} waitLeftMs={waitLeftMs} />
      ))}
      <p className="link-buttons">
        <a className="button button--ghost button--small" href={`/${lng}/office/history`}>
          {t("bets.toHistory")}
        </a>
      </p>
    </div>
  );
}

/**
 * The place page's check of a placement by its key (issue 37), without JavaScript: the coupons
 * if it was placed; "not placed, nothing charged" if the platform says so; otherwise that it is
 * not known yet, with the history and the check again.
 */
export function PlacementCheckView({ lng, check }: { lng: string; check: PlacementCheck }) {
  const { t } = useTranslation();
  if (check.state === "placed") return <PlacedSuccess lng={lng} coupons={check.coupons} />;
  return (
    <div data-testid="placement-check" data-state={check.state}>
      <p className={check.state === "none" ? "notice notice--danger" : "notice notice--warning"} role="status">
        {check.state === "none" ? t("bets.refusal.not_placed") : t("bets.unconfirmed.stillUnknown")}
      </p>
      <p className="link-buttons">
        <a className="button button--ghost button--small" href={`/${lng}/office/history`}>
          {t("bets.toHistory")}
        </a>
        <a className="button button--ghost button--small" href={`/${lng}/coupon`}>
          {t("bets.place.backToCoupon")}
        </a>
      </p>
    </div>
  );
}
