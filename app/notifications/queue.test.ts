import { describe, expect, it } from "vitest";
import { MAX_NOTIFICATIONS_AT_ONCE, NOTIFICATION_AUTO_CLOSE_MS } from "~/constants";
import {
  EMPTY_NOTICES,
  type Notice,
  type NoticeState,
  closeNotice,
  expireNotices,
  holdNotice,
  nextNoticeCloseAt,
  noticeTitle,
  pushNotice,
  removeNotice,
} from "./queue";

const notice = (key: string, extra: Partial<Notice<string>> = {}): Notice<string> => ({ key, kind: "ok", body: key, ...extra });
const keys = (state: NoticeState<string>) => ({ shown: state.shown.map((s) => s.key), waiting: state.waiting.map((w) => w.key) });
const T0 = 1_000_000;

describe("the notification queue", () => {
  it("shows at most one notification at once (SPEC §9)", () => {
    expect(MAX_NOTIFICATIONS_AT_ONCE).toBe(1);
    let state: NoticeState<string> = EMPTY_NOTICES;
    state = pushNotice(state, notice("a"), T0).state;
    state = pushNotice(state, notice("b"), T0 + 1).state;
    state = pushNotice(state, notice("c"), T0 + 2).state;
    expect(state.shown).toHaveLength(1);
  });

  it("lets the newest replace the one shown, which is closed", () => {
    let state = pushNotice(EMPTY_NOTICES as NoticeState<string>, notice("a"), T0).state;
    const move = pushNotice(state, notice("b"), T0 + 5_000);
    expect(move.closed.map((c) => c.key)).toEqual(["a"]);
    state = move.state;
    expect(keys(state)).toEqual({ shown: ["b"], waiting: [] });
    expect(state.shown[0]!.closesAt).toBe(T0 + 5_000 + NOTIFICATION_AUTO_CLOSE_MS);
  });

  it("updates a notification of the same subject in place, with its full time again", () => {
    let state = pushNotice(EMPTY_NOTICES as NoticeState<string>, notice("a", { body: "1.50 → 1.60" }), T0).state;
    const move = pushNotice(state, notice("a", { body: "1.60 → 1.70" }), T0 + 3_000);
    expect(move.closed).toEqual([]);
    state = move.state;
    expect(state.shown.map((s) => s.body)).toEqual(["1.60 → 1.70"]);
    expect(state.shown[0]!.closesAt).toBe(T0 + 3_000 + NOTIFICATION_AUTO_CLOSE_MS);
  });

  it("does not push out a notification waiting for the bettor: newcomers wait, one per subject, in order", () => {
    let state = pushNotice(EMPTY_NOTICES as NoticeState<string>, notice("refusal", { sticky: true }), T0).state;
    state = pushNotice(state, notice("odds:1", { body: "old" }), T0 + 1).state;
    state = pushNotice(state, notice("lock:2"), T0 + 2).state;
    state = pushNotice(state, notice("odds:1", { body: "new" }), T0 + 3).state;
    expect(keys(state)).toEqual({ shown: ["refusal"], waiting: ["lock:2", "odds:1"] });
    expect(state.waiting[1]!.body).toBe("new");

    const closed = closeNotice(state, "refusal", T0 + 4);
    expect(closed.closed.map((c) => c.key)).toEqual(["refusal"]);
    expect(keys(closed.state)).toEqual({ shown: ["lock:2"], waiting: ["odds:1"] });
    // The waiting one gets its own full time from when it shows.
    expect(closed.state.shown[0]!.closesAt).toBe(T0 + 4 + NOTIFICATION_AUTO_CLOSE_MS);
  });

  it("closes by itself after NOTIFICATION_AUTO_CLOSE_MS (10 s), not before", () => {
    const state = pushNotice(EMPTY_NOTICES as NoticeState<string>, notice("a"), T0).state;
    expect(nextNoticeCloseAt(state)).toBe(T0 + 10_000);
    expect(expireNotices(state, T0 + 9_999).state).toBe(state);
    const { state: after, closed } = expireNotices(state, T0 + 10_000);
    expect(after.shown).toEqual([]);
    expect(closed.map((c) => c.key)).toEqual(["a"]);
  });

  it("keeps a persistent status open until it is replaced in place or removed", () => {
    let state = pushNotice(EMPTY_NOTICES as NoticeState<string>, notice("bet", { persistent: true, sticky: true }), T0).state;
    expect(nextNoticeCloseAt(state)).toBeNull();
    expect(expireNotices(state, T0 + 60_000).closed).toEqual([]);
    state = pushNotice(state, notice("bet", { kind: "done" }), T0 + 60_000).state;
    expect(nextNoticeCloseAt(state)).toBe(T0 + 60_000 + NOTIFICATION_AUTO_CLOSE_MS);
  });

  it("does not close under the bettor's hand, and gives the full time again when they leave", () => {
    let state = pushNotice(EMPTY_NOTICES as NoticeState<string>, notice("a"), T0).state;
    state = holdNotice(state, "a", true, T0 + 9_000);
    expect(expireNotices(state, T0 + 30_000).closed).toEqual([]);
    state = holdNotice(state, "a", false, T0 + 30_000);
    expect(state.shown[0]!.closesAt).toBe(T0 + 30_000 + NOTIFICATION_AUTO_CLOSE_MS);
    // An update of a held notification stays held.
    state = holdNotice(state, "a", true, T0 + 31_000);
    state = pushNotice(state, notice("a", { body: "again" }), T0 + 32_000).state;
    expect(state.shown[0]).toMatchObject({ held: true, closesAt: null, body: "again" });
  });

  it("removes a notification whose subject is gone, shown or waiting, and shows the next", () => {
    let state = pushNotice(EMPTY_NOTICES as NoticeState<string>, notice("alert", { sticky: true }), T0).state;
    state = pushNotice(state, notice("b"), T0).state;
    state = pushNotice(state, notice("c"), T0).state;
    expect(keys(removeNotice(state, "c", T0))).toEqual({ shown: ["alert"], waiting: ["b"] });
    expect(keys(removeNotice(state, "alert", T0))).toEqual({ shown: ["b"], waiting: ["c"] });
    expect(removeNotice(state, "unknown", T0)).toBe(state);
  });
});

describe("notification titles (SPEC §8)", () => {
  it("default to error, done or ok by kind, warning for the coupon alert", () => {
    expect(noticeTitle({ kind: "error" })).toBe("notifications.error");
    expect(noticeTitle({ kind: "done" })).toBe("notifications.done");
    expect(noticeTitle({ kind: "ok" })).toBe("notifications.ok");
    expect(noticeTitle({ kind: "warning" })).toBe("notifications.warning");
  });

  it("are the notification's own when it has one", () => {
    expect(noticeTitle({ kind: "ok", title: "notifications.oddsChanged" })).toBe("notifications.oddsChanged");
  });
});
