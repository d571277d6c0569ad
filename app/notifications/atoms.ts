// The notification queue (queue.ts) as Jotai atoms in the page's store (the coupon's Provider,
// one store per page load), and the one timer that closes notifications after
// NOTIFICATION_AUTO_CLOSE_MS. The timer runs only where driveNotices is started: the notification
// area starts it in a browser, never for search-engine bots.

import { type createStore, atom } from "jotai";
import type { ReactNode } from "react";
import type { CouponBetChange } from "~/coupon/coupon";
import {
  EMPTY_NOTICES,
  type Notice,
  type NoticeMove,
  type NoticeState,
  closeNotice,
  expireNotices,
  holdNotice,
  nextNoticeCloseAt,
  pushNotice,
  removeNotice,
} from "./queue";
import { COUPON_CHANGES_NOTICE_KEY, couponChangesNotice } from "./coupon-changes";

/**
 * What a notification says: rendered content from a component (its text already translated),
 * or data from the coupon's feed updates, which the notification area words in the page's language.
 */
export type NoticeBody = { type: "node"; node: ReactNode } | { type: "coupon-changes"; changes: readonly CouponBetChange[] };

export type SiteNotice = Notice<NoticeBody>;

type Store = ReturnType<typeof createStore>;

const noticeStateAtom = atom<NoticeState<NoticeBody>>(EMPTY_NOTICES);

/** What is shown (at most MAX_NOTIFICATIONS_AT_ONCE) and what waits. */
export const noticesAtom = atom((get) => get(noticeStateAtom));

function apply(set: (state: NoticeState<NoticeBody>) => void, move: NoticeMove<NoticeBody>) {
  set(move.state);
  for (const notice of move.closed) notice.onClose?.();
}

export const pushNoticeAtom = atom(null, (get, set, notice: SiteNotice) => {
  apply((state) => set(noticeStateAtom, state), pushNotice(get(noticeStateAtom), notice, Date.now()));
});

/** Takes a notification away because its subject is gone; its onClose is not called. */
export const removeNoticeAtom = atom(null, (get, set, key: string) => {
  set(noticeStateAtom, removeNotice(get(noticeStateAtom), key, Date.now()));
});

/** The bettor closed it. */
export const closeNoticeAtom = atom(null, (get, set, key: string) => {
  apply((state) => set(noticeStateAtom, state), closeNotice(get(noticeStateAtom), key, Date.now()));
});

export const expireNoticesAtom = atom(null, (get, set) => {
  apply((state) => set(noticeStateAtom, state), expireNotices(get(noticeStateAtom), Date.now()));
});

export const holdNoticeAtom = atom(null, (get, set, input: { key: string; held: boolean }) => {
  set(noticeStateAtom, holdNotice(get(noticeStateAtom), input.key, input.held, Date.now()));
});

/** Tells the bettor what a feed update did to their coupon (odds moved, bets locked), joined to what is still unread. */
export const notifyCouponChangesAtom = atom(null, (get, set, changes: readonly CouponBetChange[]) => {
  if (changes.length === 0) return;
  const { shown, waiting } = get(noticeStateAtom);
  const earlier = [...shown, ...waiting].find((n) => n.key === COUPON_CHANGES_NOTICE_KEY)?.body;
  const notice = couponChangesNotice(earlier?.type === "coupon-changes" ? earlier.changes : [], changes);
  if (notice) set(pushNoticeAtom, notice);
  else set(removeNoticeAtom, COUPON_CHANGES_NOTICE_KEY);
});

/** Keeps one timer for the next notification to close by itself; returns the stop function. */
export function driveNotices(store: Store): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    clearTimeout(timer);
    timer = undefined;
    const at = nextNoticeCloseAt(store.get(noticeStateAtom));
    if (at === null) return;
    timer = setTimeout(() => store.set(expireNoticesAtom), Math.max(0, at - Date.now()));
  };
  const unsubscribe = store.sub(noticeStateAtom, schedule);
  schedule();
  return () => {
    unsubscribe();
    clearTimeout(timer);
  };
}
