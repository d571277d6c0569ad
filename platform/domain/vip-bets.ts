// VIP bets awaiting approval (SPEC §5, decision 035): a coupon placed above the maximum stake
// waits in the state 'approval' with its stake held by a pending transfer. Operations staff
// approve it (the transfer is posted, the coupon opens and settles like any other) or reject it
// (the hold is voided, the coupon is refused with the code vip_rejected). A coupon that can no
// longer be approved, because a game of it started or ended, expires on its own (vip_expired;
// decision 043). Each decision is one transaction with its audit row, and is taken once.

import type { Db } from "../db/index.ts";
import { type Actor, recordChange } from "./audit.ts";
import { type CouponView, type OutcomeState, couponViews, outcomeStates } from "./bets.ts";
import { resolvePending } from "./ledger.ts";
import type { Page, Paging } from "./paging.ts";

export interface VipCoupon extends CouponView {
  userId: number;
  /** The bettor as the console names him: login, e-mail or the id. */
  bettor: string;
}

/** VIP coupons waiting for approval, oldest first (the queue staff work through). */
export async function vipCouponsAwaiting(db: Db, paging: Paging): Promise<Page<VipCoupon>> {
  const filtered = db.selectFrom("bet_coupon as c").where("c.state", "=", "approval").where("c.is_vip", "=", true);
  const [counted, rows] = await Promise.all([
    filtered.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow(),
    filtered
      .innerJoin("app_user as u", "u.id", "c.user_id")
      .select(["c.id", "c.user_id", "u.login", "u.email"])
      .orderBy("c.id")
      .limit(paging.pageSize)
      .offset((paging.page - 1) * paging.pageSize)
      .execute(),
  ]);
  const views = new Map((await couponViews(db, rows.map((r) => Number(r.id)))).map((v) => [v.id, v]));
  const items = rows.flatMap((r) => {
    const view = views.get(Number(r.id));
    return view ? [{ ...view, userId: r.user_id, bettor: r.login ?? r.email ?? `#${r.user_id}` }] : [];
  });
  return { items, total: Number(counted.n), page: paging.page, pageSize: paging.pageSize };
}

export type VipDecision = "approve" | "reject" | "expire";

export type VipDecisionResult =
  | { ok: true; coupon: CouponView }
  | { ok: false; status: 404 | 409; code: "not_found" | "vip_already_decided" | "vip_cannot_approve" | "vip_still_approvable"; message: string; extra?: Record<string, unknown> };

/** The expiry's actor in the audit trail: no member of staff. */
export const VIP_EXPIRY_ACTOR: Actor = { userId: null, name: "system: VIP bet expiry" };

/** Why a selection can no longer be approved; only the first two never change back. */
function approvalBlocker(now: OutcomeState | undefined): "game_finished" | "game_started" | "blocked" | null {
  if (!now || now.gameStatus >= 4 || now.marketSettled) return "game_finished";
  if (now.gameStatus !== 1) return "game_started";
  return now.blocked || now.marketBlocked ? "blocked" : null;
}

/**
 * Approves, rejects or expires one VIP coupon. Approval needs every selection still in the line
 * and open (the staff approve the price the bettor was given, not a game already under way); a
 * coupon that can no longer be approved can still be rejected, and expires once a game of it has
 * started or ended (a blocked market may reopen, so it does not expire one). A second decision
 * changes nothing and says so.
 */
export async function decideVipCoupon(db: Db, couponId: number, decision: VipDecision, actor: Actor): Promise<VipDecisionResult> {
  return db.transaction().execute(async (trx): Promise<VipDecisionResult> => {
    const coupon = await trx.selectFrom("bet_coupon").selectAll().where("id", "=", String(couponId)).forUpdate().executeTakeFirst();
    if (!coupon || !coupon.is_vip) return { ok: false, status: 404, code: "not_found", message: "No VIP coupon with this id" };
    if (coupon.state !== "approval") {
      return { ok: false, status: 409, code: "vip_already_decided", message: "This VIP coupon was already decided", extra: { state: coupon.state } };
    }
    let expiredBy: { reason: string; outcomeId: number } | null = null;
    if (decision !== "reject") {
      const selections = await trx.selectFrom("bet_selection").select("outcome_id").where("coupon_id", "=", String(couponId)).execute();
      const states = await outcomeStates(trx, selections.map((s) => s.outcome_id));
      for (const s of selections) {
        const reason = approvalBlocker(states.get(s.outcome_id));
        if (decision === "approve" && reason) {
          return { ok: false, status: 409, code: "vip_cannot_approve", message: "A selection is no longer in the line; reject the coupon", extra: { reason, outcomeId: s.outcome_id } };
        }
        if (decision === "expire" && (reason === "game_finished" || reason === "game_started")) {
          expiredBy = { reason, outcomeId: s.outcome_id };
          break;
        }
      }
      if (decision === "expire" && !expiredBy) {
        return { ok: false, status: 409, code: "vip_still_approvable", message: "Every game of this VIP coupon is still to be played" };
      }
    }
    const approved = decision === "approve";
    const resolved = await resolvePending(trx, Number(coupon.stake_transfer_id), approved ? "post_pending" : "void_pending");
    if (!resolved.ok) throw new Error(`VIP coupon ${couponId}: stake transfer ${resolved.reason}`);
    const state = approved ? ("open" as const) : ("refused" as const);
    const refusal = approved ? null : decision === "expire" ? { code: "vip_expired", ...expiredBy } : { code: "vip_rejected" };
    await trx
      .updateTable("bet_coupon")
      .set({
        state,
        refusal: refusal ? JSON.stringify(refusal) : null,
        vip_decided_by: actor.name,
        vip_decided_at: new Date(),
      })
      .where("id", "=", String(couponId))
      .execute();
    await recordChange(trx, actor, {
      action: `vip_bet.${decision}`,
      entity: "vip_bet",
      entityId: couponId,
      before: { state: "approval", userId: coupon.user_id, amount: Number(coupon.amount), currency: coupon.currency },
      after: { state, transferId: Number(resolved.transfer.id), ...(expiredBy ? { expiredBy } : {}) },
    });
    const [view] = await couponViews(trx, [couponId]);
    return { ok: true, coupon: view! };
  });
}

/**
 * Expires the VIP coupons waiting for approval that a started or finished game has made
 * unapprovable, each in its own transaction; safe to run from every process at once (a coupon
 * is decided once under its row lock). Answers how many expired.
 */
export async function expireVipCoupons(db: Db): Promise<number> {
  const candidates = await db
    .selectFrom("bet_coupon as c")
    .innerJoin("bet_selection as s", "s.coupon_id", "c.id")
    .leftJoin("outcome as o", "o.id", "s.outcome_id")
    .leftJoin("market as m", "m.id", "o.market_id")
    .leftJoin("game as g", "g.id", "o.game_id")
    .where("c.state", "=", "approval")
    .where("c.is_vip", "=", true)
    .where((eb) => eb.or([eb("g.id", "is", null), eb("g.status", "!=", 1), eb("m.settled_at", "is not", null)]))
    .select("c.id")
    .distinct()
    .orderBy("c.id")
    .execute();
  let expired = 0;
  for (const { id } of candidates) {
    const result = await decideVipCoupon(db, Number(id), "expire", VIP_EXPIRY_ACTOR);
    if (result.ok) expired++;
  }
  return expired;
}
