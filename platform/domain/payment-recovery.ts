// Recovery of payments left open (decision 065, "Recovery"): a platform that died between writing a
// payment and hearing from the provider, or callbacks that never arrived, leave a payment awaiting
// or pending, and a withdrawal's amount reserved. A sweep asks the provider about each payment open
// longer than a threshold — by its id, or by our reference when we never learnt the id — and
// applies the answer through applyProviderState, the callback's own function, so its money moves
// once whoever tells first. A payment the provider says it never heard of is failed (and a
// withdrawal's reservation voided) once it is old enough that no create call can still be on its way.
// One process sweeps at a time on PostgreSQL: the simulator's advisory-lock leadership.

import type { Db } from "../db/index.ts";
import { log } from "../log.ts";
import { resolvePending } from "./ledger.ts";
import { advisoryLeadership } from "./leadership.ts";
import type { ProviderPayment } from "./payment-provider.ts";
import { PAYMENT_STATUS, PROVIDER_UNAVAILABLE } from "./payment-rules.ts";
import { type PaymentSettings, type StoredPayment, applyProviderState, lockedById, openPaymentsBefore } from "./payments.ts";

export interface RecoveryOptions {
  dbKind: "pglite" | "postgres";
  /** A payment open longer than this is asked about (PAYMENT_RECONCILE_AFTER_MS). */
  afterMs: number;
  /** One the provider never heard of is failed once older than this (PAYMENT_ABANDON_AFTER_MS). */
  abandonAfterMs: number;
  /** Payments asked about per sweep. */
  batch?: number;
}

export interface SweepReport {
  /** False when another process leads the sweeps (nothing was done here). */
  leader: boolean;
  checked: number;
  /** Moved by the provider's answer (a status, with its money). */
  applied: number;
  /** Failed because the provider never heard of them. */
  abandoned: number;
  /** The provider's id learnt by our reference. */
  linked: number;
  /** The provider could not be asked, or its answer was not believed; asked again next time. */
  unanswered: number;
  /** The provider's answer contradicts the payment (logged, left for a person). */
  mismatched: number;
}

export interface PaymentRecovery {
  /**
   * One sweep, if this process leads them (taking the lead when no one holds it); `force` sweeps
   * without the lead (the tests' proof that two sweeps at once still move money once).
   */
  sweep(options?: { force?: boolean }): Promise<SweepReport>;
  stop(): Promise<void>;
}

const emptyReport = (leader: boolean): SweepReport => ({ leader, checked: 0, applied: 0, abandoned: 0, linked: 0, unanswered: 0, mismatched: 0 });

export function createPaymentRecovery(db: Db, settings: PaymentSettings, options: RecoveryOptions): PaymentRecovery {
  const leadership = advisoryLeadership(db, { dbKind: options.dbKind, name: "payments.recovery" });
  // Sweeps of one process run one after another (the timer's and the test hook's).
  let queue: Promise<unknown> = Promise.resolve();

  async function lead(): Promise<boolean> {
    if (leadership.isLeader()) {
      // The lock's connection may have died since: lead only while the lock is still ours.
      if (await leadership.fence(db)) return true;
      await leadership.release();
    }
    return leadership.tryLead();
  }

  async function sweepNow(force: boolean): Promise<SweepReport> {
    if (!force && !(await lead())) return emptyReport(false);
    const report = emptyReport(true);
    const now = settings.clock.now();
    const due = await openPaymentsBefore(db, new Date(now - options.afterMs), options.batch ?? 100);
    for (const payment of due) {
      report.checked++;
      try {
        await recoverOne(payment, now, report);
      } catch (error) {
        report.unanswered++;
        log.error("payments.recovery_failed", { paymentId: payment.id, error });
      }
    }
    if (report.checked) log.info("payments.swept", { ...report });
    return report;
  }

  async function recoverOne(payment: StoredPayment, now: number, report: SweepReport): Promise<void> {
    // Between transactions, as every provider call: a slow provider must hold no lock of ours.
    const answer = payment.provider_id ? await settings.provider.paymentById(payment.provider_id) : await settings.provider.paymentByMerchantRef(String(payment.id));
    const checkedAt = new Date(settings.clock.now());
    if (!answer.ok) {
      report.unanswered++;
      log.warn("payments.recovery_unanswered", { paymentId: payment.id, detail: answer.detail });
      await db.updateTable("payment").set({ checked_at: checkedAt }).where("id", "=", String(payment.id)).execute();
      return;
    }
    if (answer.payment === null) {
      const old = now - payment.created_at.getTime() >= options.abandonAfterMs;
      if (old) {
        if (await abandon(payment.id, checkedAt)) report.abandoned++;
      } else {
        await db.updateTable("payment").set({ checked_at: checkedAt }).where("id", "=", String(payment.id)).execute();
      }
      return;
    }
    const outcome = await db.transaction().execute((trx) => applyAnswer(trx, payment.id, answer.payment!, checkedAt));
    if (outcome === "linked" || outcome === "linked+applied") report.linked++;
    if (outcome === "applied" || outcome === "linked+applied") report.applied++;
    if (outcome === "mismatch") report.mismatched++;
  }

  /** The provider's state applied under the payment's row lock, learning its id first when we never stored it. */
  async function applyAnswer(trx: Db, id: number, state: ProviderPayment, checkedAt: Date): Promise<"linked" | "applied" | "linked+applied" | "mismatch" | "none"> {
    const payment = await lockedById(trx, id);
    if (!payment) return "none";
    await trx.updateTable("payment").set({ checked_at: checkedAt }).where("id", "=", String(id)).execute();
    if (payment.status_id !== PAYMENT_STATUS.awaiting && payment.status_id !== PAYMENT_STATUS.pending) return "none";
    if (payment.provider_id !== null && payment.provider_id !== state.id) {
      log.error("payments.recovery_mismatch", { paymentId: id, field: "id", providerId: state.id });
      return "mismatch";
    }
    let linked = false;
    if (payment.provider_id === null) {
      // Compared before it is stored: a payment of another kind or amount under our reference is not this one.
      const kind = payment.kind === "deposit" ? "deposit" : "payout";
      if (state.merchantRef !== String(id) || state.kind !== kind || state.amount !== payment.amount || state.currency !== payment.currency) {
        log.error("payments.recovery_mismatch", { paymentId: id, providerId: state.id, state });
        return "mismatch";
      }
      await trx.updateTable("payment").set({ provider_id: state.id, redirect_url: state.redirectUrl }).where("id", "=", String(id)).execute();
      payment.provider_id = state.id;
      linked = true;
    }
    // Awaiting at the provider: the bettor has not chosen yet; nothing to apply.
    if (state.status === "awaiting") return linked ? "linked" : "none";
    const applied = await applyProviderState(trx, settings, payment, { ...state, status: state.status });
    if (applied.outcome === "refused") {
      log.error("payments.recovery_mismatch", { paymentId: id, field: applied.field, providerId: state.id });
      return "mismatch";
    }
    if (applied.outcome === "applied") log.info("payments.recovered", { paymentId: id, status: state.status, debtRepaid: applied.debtRepaid });
    if (applied.outcome !== "applied") return linked ? "linked" : "none";
    return linked ? "linked+applied" : "applied";
  }

  /** Fails a payment the provider never heard of, voiding a withdrawal's reservation, if it is still open. */
  async function abandon(id: number, at: Date): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const payment = await lockedById(trx, id);
      if (!payment || (payment.status_id !== PAYMENT_STATUS.awaiting && payment.status_id !== PAYMENT_STATUS.pending)) return false;
      if (payment.reserve_transfer_id !== null) {
        const voided = await resolvePending(trx, payment.reserve_transfer_id, "void_pending");
        if (!voided.ok) throw new Error(`payment ${id}: its reservation could not be voided (${voided.reason})`);
      }
      await trx
        .updateTable("payment")
        .set({ status_id: PAYMENT_STATUS.failed, message: PROVIDER_UNAVAILABLE.text, message_key: PROVIDER_UNAVAILABLE.key, checked_at: at, updated_at: at })
        .where("id", "=", String(id))
        .execute();
      log.warn("payments.abandoned", { paymentId: id, kind: payment.kind, amount: payment.amount });
      return true;
    });
  }

  return {
    sweep(sweepOptions = {}) {
      const run = queue.then(() => sweepNow(sweepOptions.force === true));
      queue = run.catch(() => undefined);
      return run;
    },
    async stop() {
      await queue;
      await leadership.release();
    },
  };
}
