// The site's notifications (SPEC §8 titles, §9 "Notifications auto-close 10 s" and "Maximum 1
// notification at once"; decision 037). Pure: a state and the moves on it, time passed in.
//
// One slot (MAX_NOTIFICATIONS_AT_ONCE): the newest notification replaces the one shown, because
// the newest is what is true now (an odds change supersedes the previous one). A notification
// that waits for the bettor (a refusal with its offers, a bet being placed) is not pushed out:
// newcomers wait behind it, one per subject, and show when it closes.

import { MAX_NOTIFICATIONS_AT_ONCE, NOTIFICATION_AUTO_CLOSE_MS } from "~/constants";

/** The kinds of SPEC §8, each with its default title; the coupon alert of SPEC §4 is a warning. */
export type NoticeKind = "error" | "done" | "ok" | "warning";

export const DEFAULT_NOTICE_TITLES: Readonly<Record<NoticeKind, string>> = Object.freeze({
  error: "notifications.error",
  done: "notifications.done",
  ok: "notifications.ok",
  warning: "notifications.warning",
});

export interface Notice<Body = unknown> {
  /** The subject: a newer notification with the same key replaces the older one wherever it is. */
  key: string;
  kind: NoticeKind;
  /** A dictionary key; without one the kind's default title. */
  title?: string;
  body: Body;
  /** Waits for the bettor: a newcomer about another subject waits instead of replacing it. */
  sticky?: boolean;
  /** Does not close by itself: a status that ends with its own result (a bet being placed). */
  persistent?: boolean;
  /** A machine-readable phase shown as data-state (placing, waiting, refused), for styles and tests. */
  state?: string;
  /**
   * Called when the notification goes: closed by the bettor, by time, or replaced by a newer one
   * of another subject; not when updated in place or removed because its subject is gone.
   */
  onClose?: () => void;
}

export interface ShownNotice<Body = unknown> extends Notice<Body> {
  /** When it closes by itself; null while persistent or held (the pointer or focus is on it). */
  closesAt: number | null;
  held: boolean;
}

export interface NoticeState<Body = unknown> {
  shown: readonly ShownNotice<Body>[];
  waiting: readonly Notice<Body>[];
}

export const EMPTY_NOTICES: NoticeState<never> = Object.freeze({ shown: [], waiting: [] });

export function noticeTitle(notice: Pick<Notice, "kind" | "title">): string {
  return notice.title ?? DEFAULT_NOTICE_TITLES[notice.kind];
}

function show<B>(notice: Notice<B>, now: number, held = false): ShownNotice<B> {
  return { ...notice, held, closesAt: notice.persistent || held ? null : now + NOTIFICATION_AUTO_CLOSE_MS };
}

/** What a move did: the new state and the notifications it closed or replaced (for their onClose). */
export interface NoticeMove<B> {
  state: NoticeState<B>;
  closed: ShownNotice<B>[];
}

/**
 * Shows a notification: in place of its own subject, in a free slot, over a non-sticky one (which
 * is closed), or after the sticky ones.
 */
export function pushNotice<B>(state: NoticeState<B>, notice: Notice<B>, now: number): NoticeMove<B> {
  const waiting = state.waiting.filter((w) => w.key !== notice.key);
  const same = state.shown.findIndex((s) => s.key === notice.key);
  if (same >= 0) {
    const shown = state.shown.slice();
    shown[same] = show(notice, now, state.shown[same]!.held);
    return { state: { shown, waiting }, closed: [] };
  }
  if (state.shown.length < MAX_NOTIFICATIONS_AT_ONCE) return { state: { shown: [...state.shown, show(notice, now)], waiting }, closed: [] };
  const replaceable = state.shown.findIndex((s) => !s.sticky);
  if (replaceable >= 0) {
    const shown = state.shown.slice();
    const [replaced] = shown.splice(replaceable, 1, show(notice, now));
    return { state: { shown, waiting }, closed: [replaced!] };
  }
  return { state: { shown: state.shown, waiting: [...waiting, notice] }, closed: [] };
}

function promote<B>(shown: ShownNotice<B>[], waiting: Notice<B>[], now: number): NoticeState<B> {
  while (shown.length < MAX_NOTIFICATIONS_AT_ONCE && waiting.length > 0) shown.push(show(waiting.shift()!, now));
  return { shown, waiting };
}

/** Takes a notification away without calling its onClose (its subject is gone: the coupon emptied). */
export function removeNotice<B>(state: NoticeState<B>, key: string, now: number): NoticeState<B> {
  if (!state.shown.some((s) => s.key === key) && !state.waiting.some((w) => w.key === key)) return state;
  return promote(
    state.shown.filter((s) => s.key !== key),
    state.waiting.filter((w) => w.key !== key),
    now,
  );
}

/** Closes the shown notifications that match; returns the new state and the closed ones (for their onClose). */
function closeWhere<B>(state: NoticeState<B>, match: (s: ShownNotice<B>) => boolean, now: number): NoticeMove<B> {
  const closed = state.shown.filter(match);
  if (closed.length === 0) return { state, closed };
  return { state: promote(state.shown.filter((s) => !match(s)), state.waiting.slice(), now), closed };
}

/** The bettor closed it. */
export function closeNotice<B>(state: NoticeState<B>, key: string, now: number): NoticeMove<B> {
  return closeWhere(state, (s) => s.key === key, now);
}

/** Closes what has been shown for NOTIFICATION_AUTO_CLOSE_MS. */
export function expireNotices<B>(state: NoticeState<B>, now: number): NoticeMove<B> {
  return closeWhere(state, (s) => s.closesAt !== null && s.closesAt <= now, now);
}

/**
 * The pointer or the keyboard focus is on it: it does not close under the bettor's hand, and
 * gets the full time again when they leave (WCAG 2.2.1, time adjustable).
 */
export function holdNotice<B>(state: NoticeState<B>, key: string, held: boolean, now: number): NoticeState<B> {
  const index = state.shown.findIndex((s) => s.key === key);
  if (index < 0 || state.shown[index]!.held === held) return state;
  const shown = state.shown.slice();
  shown[index] = show(state.shown[index]!, now, held);
  return { shown, waiting: state.waiting };
}

/** The next time something closes by itself, or null. */
export function nextNoticeCloseAt(state: NoticeState<unknown>): number | null {
  let next: number | null = null;
  for (const s of state.shown) if (s.closesAt !== null && (next === null || s.closesAt < next)) next = s.closesAt;
  return next;
}
