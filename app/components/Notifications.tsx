import { useAtomValue, useSetAtom, useStore } from "jotai";
import { type FocusEvent, useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { couponAccountAtom } from "~/coupon/store";
import type { CouponBetChange } from "~/coupon/coupon";
import { formatOdds } from "~/coupon/odds-format";
import { getBetId } from "~/coupon/model";
import {
  type NoticeBody,
  type SiteNotice,
  closeNoticeAtom,
  driveNotices,
  holdNoticeAtom,
  noticesAtom,
  pushNoticeAtom,
  removeNoticeAtom,
} from "~/notifications/atoms";
import { type ShownNotice, noticeTitle } from "~/notifications/queue";

/** How a bet of the coupon is named in a notification: the game, then the pick. */
export function betLabel(market: { opponent1Name: string; opponent2Name: string; marketName: string; outcomeName: string }): string {
  const pick = [market.marketName, market.outcomeName].filter(Boolean).join(" ");
  return `${market.opponent1Name} — ${market.opponent2Name}${pick ? `: ${pick}` : ""}`;
}

function CouponChanges({ changes }: { changes: readonly CouponBetChange[] }) {
  const { t } = useTranslation();
  const { oddsFormat } = useAtomValue(couponAccountAtom);
  return (
    <ul className="notification__lines">
      {changes.map((change) => (
        <li key={getBetId(change.bet)} data-change={change.type}>
          {change.type === "coef"
            ? t("notifications.oddsLine", { bet: betLabel(change.bet.market), from: formatOdds(change.from, oddsFormat), to: formatOdds(change.to, oddsFormat) })
            : change.type === "reopened"
              ? t("notifications.reopenedLine", { bet: betLabel(change.bet.market), coef: formatOdds(change.bet.market.coef, oddsFormat) })
              : t("notifications.lockedLine", { bet: betLabel(change.bet.market), reason: t(`coupon.lock.${change.lock}`) })}
          {change.type === "coef" ? (
            <span className={`notification__move notification__move--${change.to > change.from ? "up" : "down"}`} aria-hidden="true">
              {change.to > change.from ? " ▲" : " ▼"}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function Body({ body }: { body: NoticeBody }) {
  return body.type === "coupon-changes" ? <CouponChanges changes={body.changes} /> : <>{body.node}</>;
}

function NoticeView({ notice }: { notice: ShownNotice<NoticeBody> }) {
  const { t } = useTranslation();
  const titleId = useId();
  const close = useSetAtom(closeNoticeAtom);
  const hold = useSetAtom(holdNoticeAtom);
  const pointer = useRef(false);
  const focus = useRef(false);
  const update = () => hold({ key: notice.key, held: pointer.current || focus.current });
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    focus.current = false;
    update();
  };
  return (
    <section
      className={`notification notification--${notice.kind}`}
      aria-labelledby={titleId}
      // Errors interrupt; the rest is announced politely by the notification area's live region.
      role={notice.kind === "error" ? "alert" : undefined}
      data-testid="notification"
      data-notice={notice.key}
      data-kind={notice.kind}
      data-state={notice.state}
      onMouseEnter={() => {
        pointer.current = true;
        update();
      }}
      onMouseLeave={() => {
        pointer.current = false;
        update();
      }}
      onFocus={() => {
        focus.current = true;
        update();
      }}
      onBlur={onBlur}
    >
      <header className="notification__head">
        <p id={titleId} className="notification__title">
          {t(noticeTitle(notice))}
        </p>
        <button type="button" className="notification__close" aria-label={t("notifications.close")} onClick={() => close(notice.key)}>
          ×
        </button>
      </header>
      <div className="notification__body">
        <Body body={notice.body} />
      </div>
    </section>
  );
}

/**
 * The notification slot of SPEC §9: at most one notification at once, each closing by itself
 * after 10 s (app/notifications, decision 037). Rendered in the corner notification area; the
 * closing timer runs only in a browser and never for search-engine bots.
 */
export function Notifications({ isBot }: { isBot: boolean }) {
  const store = useStore();
  const { shown } = useAtomValue(noticesAtom);
  useEffect(() => (isBot ? undefined : driveNotices(store)), [store, isBot]);
  if (isBot) return null;
  return (
    <>
      {shown.map((notice) => (
        <NoticeView key={notice.key} notice={notice} />
      ))}
    </>
  );
}

/**
 * Shows a component's notification under `key` while `notice` is not null, updated whenever
 * `signature` changes (the words it shows), and takes it away when it turns null or the
 * component goes. The notice is read at the render where the signature changed.
 */
export function useNotice(key: string, notice: Omit<SiteNotice, "key"> | null, signature: string) {
  const push = useSetAtom(pushNoticeAtom);
  const remove = useSetAtom(removeNoticeAtom);
  const latest = useRef(notice);
  latest.current = notice;
  const version = notice ? `on|${signature}` : "off";
  useEffect(() => {
    const current = latest.current;
    if (current) push({ ...current, key });
    else remove(key);
  }, [key, version, push, remove]);
  useEffect(() => () => remove(key), [key, remove]);
}
