// VIP bets awaiting approval (SPEC §5, decision 035): a coupon placed above the maximum stake
// waits in the state 'approval' with its stake held by a pending transfer. Operations staff
// approve it (the transfer is posted, the coupon opens and settles like any other) or reject it
// (the hold is voided, the coupon is refused with the code vip_rejected). Each decision is one
// transaction with its audit row, and is taken once.

import type { Db } from "../db/index.ts";
import { type Actor, recordChange } from "./audit.ts";
import { type CouponView, couponViews, outcomeStates } from "./bets.ts";
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

export type VipDecision = "approve" | "reject";

export type VipDecisionResult =
  | { ok: true; coupon: CouponView }
  | { ok: false; status: 404 | 409; code: "not_found" | "vip_already_decided" | "vip_cannot_approve"; message: string; extra?: Record<string, unknown> };

/**
 * Approves or rejects one VIP coupon. Approval needs every selection still in the line and open
 * (the staff approve the price the bettor was given, not a game already under way); a coupon that
 * can no longer be approved can still be rejected. A second decision changes nothing and says so.
 */
export async function decideVipCoupon(db: Db, couponId: number, decision: VipDecision, actor: Actor): Promise<VipDecisionResult> {
  return db.transaction().execute(async (trx): Promise<VipDecisionResult> => {
    const coupon = await trx.selectFrom("bet_coupon").selectAll().where("id", "=", String(couponId)).forUpdate().executeTakeFirst();
    if (!coupon || !coupon.is_vip) return { ok: false, status: 404, code: "not_found", message: "No VIP coupon with this id" };
    if (coupon.state !== "approval") {
      return { ok: false, status: 409, code: "vip_already_decided", message: "This VIP coupon was already decided", extra: { state: coupon.state } };
    }
    if (decision === "approve") {
      const selections = await trx.selectFrom("bet_selection").select("outcome_id").where("coupon_id", "=", String(couponId)).execute();
      const states = await outcomeStates(trx, selections.map((s) => s.outcome_id));
      for (const s of selections) {
        const now = states.get(s.outcome_id);
        const reason = !now || now.gameStatus >= 4 || now.marketSettled ? "game_finished" : now.gameStatus !== 1 ? "game_started" : now.blocked || now.marketBlocked ? "blocked" : null;
        if (reason) {
          return { ok: false, status: 409, code: "vip_cannot_approve", message: "A selection is no longer in the line; reject the coupon", extra: { reason, outcomeId: s.outcome_id } };
        }
      }
    }
    const resolved = await resolvePending(trx, Number(coupon.stake_transfer_id), decision === "approve" ? "post_pending" : "void_pending");
    if (!resolved.ok) throw new Error(`VIP coupon ${couponId}: stake transfer ${resolved.reason}`);
    const state = decision === "approve" ? ("open" as const) : ("refused" as const);
    await trx
      .updateTable("bet_coupon")
      .set({
        state,
        refusal: decision === "reject" ? JSON.stringify({ code: "vip_rejected" }) : null,
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
      after: { state, transferId: Number(resolved.transfer.id) },
    });
    const [view] = await couponViews(trx, [couponId]);
    return { ok: true, coupon: view! };
  });
}
