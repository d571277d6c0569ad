// Collecting what bettors owe (decision 019): a correction took back winnings a bettor had spent,
// the house's receivables advanced the rest, and the money that comes in next repays it. Runs in
// the transaction that credits a deposit, right after the credit, so the bettor never sees money
// that was owed; one transfer bettor → receivables per deposit, keyed by the payment.

import { sql } from "kysely";
import type { Db } from "../db/index.ts";
import { HOUSE, createTransfer, houseAccountId } from "./ledger.ts";

/** The transfer kind of a repayment; its reference names the payment whose money repaid. */
export const DEBT_REPAYMENT = "debt_repayment";

/**
 * Repays the debts on `accountId`, oldest first, from up to `upTo` of a deposit just credited to it
 * in this transaction; raises each debt's `collected` and records which deposit repaid what.
 * Returns the amount repaid (0 when nothing is owed). Idempotent by the payment: a second call
 * finds the transfer under its key and moves nothing again.
 */
export async function collectDebtsFromDeposit(
  trx: Db,
  deposit: { paymentId: number; accountId: number; currency: string; upTo: number },
): Promise<number> {
  // Locked so a concurrent deposit of the same bettor queues and sees what this one repaid.
  const debts = await trx
    .selectFrom("bettor_debt")
    .select(["id", "amount", "collected"])
    .where("account_id", "=", String(deposit.accountId))
    .where("currency", "=", deposit.currency)
    .where((eb) => eb("collected", "<", eb.ref("amount")))
    .orderBy("id")
    .forUpdate()
    .execute();
  const owed = debts.reduce((sum, d) => sum + (Number(d.amount) - Number(d.collected)), 0);
  const repay = Math.min(owed, deposit.upTo);
  if (repay <= 0) return 0;
  const repaid = await createTransfer(trx, {
    debitAccountId: deposit.accountId,
    creditAccountId: await houseAccountId(trx, HOUSE.receivables, deposit.currency),
    amount: repay,
    currency: deposit.currency,
    kind: DEBT_REPAYMENT,
    reference: `payment:${deposit.paymentId}`,
    idempotencyKey: `payment:${deposit.paymentId}:debt`,
    // The house collecting its own advance, as a reversal would: a frozen account still repays.
    allowFrozen: true,
  });
  if (!repaid.ok) throw new Error(`payment ${deposit.paymentId}: repaying the bettor's debts failed (${repaid.reason})`);
  if (repaid.replayed) return repaid.transfer.amount;
  let left = repay;
  for (const debt of debts) {
    if (left === 0) break;
    const part = Math.min(left, Number(debt.amount) - Number(debt.collected));
    left -= part;
    await trx
      .updateTable("bettor_debt")
      .set({ collected: sql`collected + ${part}` })
      .where("id", "=", debt.id)
      .execute();
    await trx
      .insertInto("bettor_debt_collection")
      .values({ debt_id: debt.id, payment_id: String(deposit.paymentId), transfer_id: String(repaid.transfer.id), amount: part })
      .execute();
  }
  return repay;
}
