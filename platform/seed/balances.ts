import type { Db } from "../db/index.ts";
import { createTransfer, HOUSE, houseAccountId, mainAccount } from "../domain/ledger.ts";

/** What a demo account starts with: 1,000,000 minor units (10,000.00 RUB). */
export const DEMO_BALANCE = 1_000_000;

/** Pays the demo balance into each demo user's main account, once (idempotent by key). */
export async function fundDemoUsers(trx: Db, emails: readonly string[], amount: number): Promise<void> {
  for (const email of emails) {
    const user = await trx.selectFrom("app_user").select("id").where("email", "=", email).executeTakeFirst();
    if (!user) continue;
    const account = await mainAccount(trx, user.id);
    const done = await createTransfer(trx, {
      debitAccountId: await houseAccountId(trx, HOUSE.deposits, account.currency),
      creditAccountId: account.id,
      amount,
      currency: account.currency,
      kind: "deposit",
      reference: "demo balance",
      idempotencyKey: `seed:demo-balance:${user.id}`,
    });
    if (!done.ok) throw new Error(`demo balance for ${email}: ${done.reason}`);
  }
}
