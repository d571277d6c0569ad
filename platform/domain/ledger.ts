// The money ledger (decision 017): bettor and house accounts, immutable double-entry transfers,
// pending reservations posted or voided later, idempotency keys. Every amount is an integer of
// minor units. The database itself keeps bettor balances (a trigger on each transfer) and refuses
// a negative available balance (a CHECK), so this module's checks give typed refusals while the
// database guarantees the invariant whatever code runs.

import { sql } from "kysely";
import type { Db } from "../db/index.ts";
import type { LedgerTransferFlag } from "../db/schema.ts";
import { MAX_TRANSFER_AMOUNT, accountBalances, checkTransferAmount, requestHash } from "./ledger-rules.ts";

export { MAX_TRANSFER_AMOUNT, requestHash };

/** The currency of a user who chose none (SPEC §9: default currency RUB). */
export const DEFAULT_CURRENCY = "RUB";

/** SPEC §3 account types. */
export const ACCOUNT_TYPE = { main: 0, bonus: 4, currency: 9 } as const;
export type AccountType = (typeof ACCOUNT_TYPE)[keyof typeof ACCOUNT_TYPE];

/** What each house account holds (one per currency). */
export const HOUSE = {
  /** Money that came in (deposits, demo funding): debited when a bettor is credited from outside. */
  deposits: "deposits",
  /** Stakes of open bets, from the debit of the stake to the settlement. */
  stakesHeld: "stakes_held",
  /** Winnings the house paid beyond the stakes it held. */
  payouts: "payouts",
  bonuses: "bonuses",
  /** What bettors owe: a correction took back winnings they had spent (bettor_debt, decision 019). */
  receivables: "receivables",
  withdrawals: "withdrawals",
  casino: "casino",
} as const;
export type HousePurpose = (typeof HOUSE)[keyof typeof HOUSE];

/** The largest amount one transfer may move: far above any limit, safely inside a JS number. */

export interface AccountView {
  id: number;
  userId: number;
  type: number;
  currency: string;
  /** Posted balance: credits − debits. */
  balance: number;
  /** What can be spent now: the balance less pending debits (live bets in their delay, …). */
  available: number;
  pendingDebits: number;
  pendingCredits: number;
  isFrozen: boolean;
  label: string;
}

export interface TransferView {
  id: number;
  debitAccountId: number;
  creditAccountId: number;
  amount: number;
  currency: string;
  flag: LedgerTransferFlag;
  pendingId: number | null;
  kind: string;
  reference: string;
  idempotencyKey: string | null;
  createdAt: Date;
}

type AccountRow = {
  id: string | number;
  user_id: number | null;
  type: number;
  currency: string;
  debits_posted: string | number;
  credits_posted: string | number;
  debits_pending: string | number;
  credits_pending: string | number;
  is_frozen: boolean;
  label: string;
};

const accountColumns = [
  "id",
  "user_id",
  "type",
  "currency",
  "debits_posted",
  "credits_posted",
  "debits_pending",
  "credits_pending",
  "is_frozen",
  "label",
] as const;

function accountView(row: AccountRow): AccountView {
  const { balance, available } = accountBalances({
    debitsPosted: Number(row.debits_posted),
    creditsPosted: Number(row.credits_posted),
    debitsPending: Number(row.debits_pending),
    creditsPending: Number(row.credits_pending),
  });
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    type: row.type,
    currency: row.currency,
    balance,
    available,
    pendingDebits: Number(row.debits_pending),
    pendingCredits: Number(row.credits_pending),
    isFrozen: row.is_frozen,
    label: row.label,
  };
}

type TransferRow = {
  id: string | number;
  debit_account_id: string | number;
  credit_account_id: string | number;
  amount: string | number;
  currency: string;
  flag: LedgerTransferFlag;
  pending_id: string | number | null;
  kind: string;
  reference: string;
  idempotency_key: string | null;
  request_hash: string | null;
  created_at: Date;
};

function transferView(row: TransferRow): TransferView {
  return {
    id: Number(row.id),
    debitAccountId: Number(row.debit_account_id),
    creditAccountId: Number(row.credit_account_id),
    amount: Number(row.amount),
    currency: row.currency,
    flag: row.flag,
    pendingId: row.pending_id === null ? null : Number(row.pending_id),
    kind: row.kind,
    reference: row.reference,
    idempotencyKey: row.idempotency_key,
    createdAt: row.created_at,
  };
}


/**
 * House account ids a caller saw in a committed transaction, per database handle: a house account
 * is never deleted and its id never changes, so once committed it can be remembered. Only ids
 * remembered after the commit go in (an id created in a transaction that rolled back must not).
 */
const committedHouseIds = new WeakMap<Db, Map<string, number>>();

export function knownHouseAccountId(db: Db, purpose: HousePurpose, currency: string): number | undefined {
  return committedHouseIds.get(db)?.get(`${purpose}:${currency}`);
}

export function rememberHouseAccountId(db: Db, purpose: HousePurpose, currency: string, id: number): void {
  let ids = committedHouseIds.get(db);
  if (!ids) committedHouseIds.set(db, (ids = new Map()));
  ids.set(`${purpose}:${currency}`, id);
}

/** The house account for a purpose and currency, created on first use. */
export async function houseAccountId(db: Db, purpose: HousePurpose, currency: string): Promise<number> {
  // Looked up each time (one indexed read): a cache per process would outlive a rolled-back
  // creation and mix up databases when one process opens several (the tests do).
  const find = () =>
    db.selectFrom("ledger_account").select("id").where("kind", "=", "house").where("purpose", "=", purpose).where("currency", "=", currency).executeTakeFirst();
  const found = await find();
  if (found) return Number(found.id);
  const created = await sql<{ id: string | number }>`
    insert into ledger_account (kind, purpose, currency, no_negative, label)
    values ('house', ${purpose}, ${currency}, false, ${`house ${purpose}`})
    on conflict (purpose, currency) where kind = 'house' do nothing
    returning id
  `.execute(db);
  if (created.rows[0]) return Number(created.rows[0].id);
  // Another transaction created it between our read and our insert.
  const row = await find();
  if (!row) throw new Error(`house account ${purpose}/${currency} vanished`);
  return Number(row.id);
}

/** A bettor's account of a type and currency, created (empty) on first use. */
export async function bettorAccount(db: Db, userId: number, type: AccountType, currency: string): Promise<AccountView> {
  const query = () =>
    db
      .selectFrom("ledger_account")
      .select(accountColumns)
      .where("kind", "=", "bettor")
      .where("user_id", "=", userId)
      .where("type", "=", type)
      .where("currency", "=", currency);
  const existing = await query().executeTakeFirst();
  if (existing) return accountView(existing);
  await sql`
    insert into ledger_account (kind, user_id, type, currency, no_negative, label)
    values ('bettor', ${userId}, ${type}, ${currency}, true, '')
    on conflict (user_id, type, currency) where kind = 'bettor' do nothing
  `.execute(db);
  return accountView(await query().executeTakeFirstOrThrow());
}

/** The user's main account (type 0) in the currency they registered with, created on first use. */
export async function mainAccount(db: Db, userId: number): Promise<AccountView> {
  const existing = await db
    .selectFrom("ledger_account")
    .select(accountColumns)
    .where("kind", "=", "bettor")
    .where("user_id", "=", userId)
    .where("type", "=", ACCOUNT_TYPE.main)
    .orderBy("id")
    .executeTakeFirst();
  if (existing) return accountView(existing);
  const user = await db.selectFrom("app_user").select("currency").where("id", "=", userId).executeTakeFirstOrThrow();
  return bettorAccount(db, userId, ACCOUNT_TYPE.main, user.currency ?? DEFAULT_CURRENCY);
}

/** Every account of a user, main first. */
export async function accountsOf(db: Db, userId: number): Promise<AccountView[]> {
  await mainAccount(db, userId);
  const rows = await db
    .selectFrom("ledger_account")
    .select(accountColumns)
    .where("kind", "=", "bettor")
    .where("user_id", "=", userId)
    .orderBy("type")
    .orderBy("id")
    .execute();
  return rows.map(accountView);
}

/** One account by id, whoever owns it (callers check ownership). */
/** Freezes or unfreezes an account: a frozen account takes no new debits (SPEC §3). */
export async function setAccountFrozen(db: Db, accountId: number, frozen: boolean): Promise<void> {
  await db.updateTable("ledger_account").set({ is_frozen: frozen }).where("id", "=", String(accountId)).execute();
}

export async function accountById(db: Db, id: number): Promise<(AccountView & { kind: "bettor" | "house" }) | undefined> {
  const row = await db
    .selectFrom("ledger_account")
    .select([...accountColumns, "kind"])
    .where("id", "=", String(id))
    .executeTakeFirst();
  return row ? { ...accountView(row), kind: row.kind } : undefined;
}

export interface TransferInput {
  debitAccountId: number;
  creditAccountId: number;
  amount: number;
  currency: string;
  kind: string;
  reference?: string;
  /** posted (default) moves money now; pending reserves it until postPending / voidPending. */
  flag?: "posted" | "pending";
  /** Globally unique; callers prefix it with their scope (e.g. "bet:{userId}:{key}"). */
  idempotencyKey?: string;
  /** Hash of the request the key was first used with (see requestHash). */
  requestHash?: string;
  /** Debit a frozen bettor account anyway (refunds and reversals of the house's own doing). */
  allowFrozen?: boolean;
  /**
   * The caller already holds the lock on the debited bettor account in this transaction and has
   * checked it (frozen, available, its own idempotency record): skip the look-ups. The database
   * still refuses a wrong currency or a negative balance, and a duplicate key still replays.
   */
  debitLockedAndChecked?: boolean;
}

export type TransferOutcome =
  | { ok: true; transfer: TransferView; replayed: boolean }
  | { ok: false; reason: "insufficient_funds"; available: number }
  | { ok: false; reason: "account_frozen" }
  | { ok: false; reason: "idempotency_conflict"; transfer: TransferView }
  | { ok: false; reason: "currency_mismatch" }
  | { ok: false; reason: "unknown_account" };

/** Thrown when the database refuses a write the checks let through (a race they cannot see). */
export class LedgerError extends Error {
  constructor(
    readonly reason: "insufficient_funds" | "not_pending" | "invalid",
    message: string,
  ) {
    super(message);
  }
}


async function byKey(db: Db, key: string): Promise<TransferRow | undefined> {
  return db.selectFrom("ledger_transfer").selectAll().where("idempotency_key", "=", key).executeTakeFirst();
}

function replay(row: TransferRow, hash: string | undefined): TransferOutcome {
  if ((row.request_hash ?? undefined) !== hash) return { ok: false, reason: "idempotency_conflict", transfer: transferView(row) };
  return { ok: true, transfer: transferView(row), replayed: true };
}

function translateDbError(error: unknown): never {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "23514") throw new LedgerError("insufficient_funds", "the balance would go below zero");
  if (code === "P0001") throw new LedgerError("invalid", (error as Error).message);
  throw error;
}

/**
 * Moves (or reserves) money inside the caller's transaction. The bettor accounts it touches are
 * locked first, so concurrent debits of one balance queue up and each sees the last one's result.
 */
export async function createTransfer(trx: Db, input: TransferInput): Promise<TransferOutcome> {
  checkTransferAmount(input.amount);
  const flag = input.flag ?? "posted";
  if (input.debitLockedAndChecked) return insertTransfer(trx, input, flag);
  const accounts = await trx
    .selectFrom("ledger_account")
    .select(["id", "kind", "currency", "is_frozen", "no_negative"])
    .where("id", "in", [String(input.debitAccountId), String(input.creditAccountId)])
    .execute();
  const debit = accounts.find((a) => Number(a.id) === input.debitAccountId);
  const credit = accounts.find((a) => Number(a.id) === input.creditAccountId);
  if (!debit || !credit || input.debitAccountId === input.creditAccountId) return { ok: false, reason: "unknown_account" };
  if (debit.currency !== input.currency || credit.currency !== input.currency) return { ok: false, reason: "currency_mismatch" };

  // Lock the bettor accounts involved, in id order (so two transfers between the same two
  // bettors in opposite directions cannot deadlock); the idempotency key is looked up after the
  // locks, so a duplicate that waited for its original sees it and replays.
  const locked = await trx
    .selectFrom("ledger_account")
    .select(accountColumns)
    .where("id", "in", [String(input.debitAccountId), String(input.creditAccountId)])
    .where("kind", "=", "bettor")
    .orderBy("id")
    .forNoKeyUpdate()
    .execute();
  if (input.idempotencyKey) {
    const existing = await byKey(trx, input.idempotencyKey);
    if (existing) return replay(existing, input.requestHash);
  }
  const debitRow = locked.find((a) => Number(a.id) === input.debitAccountId);
  if (debitRow) {
    if (debitRow.is_frozen && !input.allowFrozen) return { ok: false, reason: "account_frozen" };
    const view = accountView(debitRow);
    if (debit.no_negative && view.available < input.amount) return { ok: false, reason: "insufficient_funds", available: view.available };
  }

  return insertTransfer(trx, input, flag);
}

async function insertTransfer(trx: Db, input: TransferInput, flag: "posted" | "pending"): Promise<TransferOutcome> {
  let inserted: TransferRow | undefined;
  try {
    // DO NOTHING on a used key: the AFTER trigger then moves no money for the duplicate.
    inserted = (await transferInsert(trx, [{ ...input, flag }])
      .onConflict((oc) => oc.column("idempotency_key").doNothing())
      .returningAll()
      .executeTakeFirst()) as TransferRow | undefined;
  } catch (error) {
    translateDbError(error);
  }
  if (!inserted) {
    // Another transaction committed the same key between our look-up and our insert.
    const existing = await byKey(trx, input.idempotencyKey ?? "");
    if (!existing) throw new LedgerError("invalid", "idempotency key vanished");
    return replay(existing, input.requestHash);
  }
  return { ok: true, transfer: transferView(inserted), replayed: false };
}

/**
 * The insert of transfers: createTransfer's, and that of a caller which drew the ids (nextval of
 * ledger_transfer_id_seq) to write them in one statement with the rows that reference them. The
 * caller holds the debited bettor accounts' locks and has checked them; the database still
 * refuses a wrong currency (the trigger), a negative balance (the CHECK: see
 * isInsufficientFunds) and a used key.
 */
export function transferInsert(trx: Db, transfers: ReadonlyArray<Omit<TransferInput, "allowFrozen" | "debitLockedAndChecked"> & { id?: number }>) {
  return trx.insertInto("ledger_transfer").values(
    transfers.map((t) => {
      checkTransferAmount(t.amount);
      return {
        id: t.id === undefined ? undefined : String(t.id),
        debit_account_id: String(t.debitAccountId),
        credit_account_id: String(t.creditAccountId),
        amount: t.amount,
        currency: t.currency,
        flag: t.flag ?? "posted",
        kind: t.kind,
        reference: t.reference ?? "",
        idempotency_key: t.idempotencyKey ?? null,
        request_hash: t.requestHash ?? null,
      };
    }),
  );
}

/** Whether a database error is the ledger's no-negative CHECK refusing a debit (any other CHECK is a bug, not a refusal). */
export function isInsufficientFunds(error: unknown): boolean {
  if (error instanceof LedgerError) return error.reason === "insufficient_funds";
  const e = error as { code?: unknown; constraint?: unknown } | null;
  return e?.code === "23514" && e.constraint === "ledger_account_no_negative";
}

/** createTransfer in a transaction of its own. */
export function transfer(db: Db, input: TransferInput): Promise<TransferOutcome> {
  return db.transaction().execute((trx) => createTransfer(trx, input));
}

/**
 * Posts or voids a pending transfer, once: the resolution is a new transfer naming it. Resolving
 * an already resolved transfer answers the earlier resolution (so a retried settlement is a no-op).
 */
export async function resolvePending(
  trx: Db,
  pendingId: number,
  how: "post_pending" | "void_pending",
): Promise<{ ok: true; transfer: TransferView; replayed: boolean } | { ok: false; reason: "not_pending" | "resolved_otherwise"; transfer?: TransferView }> {
  const pending = await trx.selectFrom("ledger_transfer").selectAll().where("id", "=", String(pendingId)).executeTakeFirst();
  if (!pending || pending.flag !== "pending") return { ok: false, reason: "not_pending" };
  // Lock the bettor side first, in the same order as createTransfer, so the two never deadlock;
  // then a resolution committed while we waited is seen below.
  await trx
    .selectFrom("ledger_account")
    .select("id")
    .where("id", "in", [String(pending.debit_account_id), String(pending.credit_account_id)])
    .where("kind", "=", "bettor")
    .orderBy("id")
    .forNoKeyUpdate()
    .execute();
  const earlier = await trx.selectFrom("ledger_transfer").selectAll().where("pending_id", "=", String(pendingId)).executeTakeFirst();
  if (earlier) {
    return earlier.flag === how
      ? { ok: true, transfer: transferView(earlier), replayed: true }
      : { ok: false, reason: "resolved_otherwise", transfer: transferView(earlier) };
  }
  try {
    const row = (
      await sql<TransferRow>`
        insert into ledger_transfer (debit_account_id, credit_account_id, amount, currency, flag, pending_id, kind, reference)
        values (${pending.debit_account_id}, ${pending.credit_account_id}, ${pending.amount}, ${pending.currency}, ${how}, ${pendingId},
                ${pending.kind}, ${pending.reference})
        on conflict (pending_id) where pending_id is not null do nothing
        returning *
      `.execute(trx)
    ).rows[0];
    if (row) return { ok: true, transfer: transferView(row), replayed: false };
  } catch (error) {
    translateDbError(error);
  }
  return resolvePending(trx, pendingId, how);
}

/** Transfers of one account, newest first. */
export async function transfersOf(db: Db, accountId: number, limit = 50): Promise<TransferView[]> {
  const rows = await db
    .selectFrom("ledger_transfer")
    .selectAll()
    .where((eb) => eb.or([eb("debit_account_id", "=", String(accountId)), eb("credit_account_id", "=", String(accountId))]))
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map(transferView);
}

export interface TrialBalance {
  /** Per currency: the sum of every account's posted balance derived from the transfers (always 0). */
  sums: Record<string, number>;
  /** Bettor accounts whose kept balances differ from their transfers (always none). */
  mismatches: number[];
  /** Bettor accounts below zero available (always none: the CHECK forbids it). */
  negatives: number[];
  transfers: number;
}

/**
 * Recomputes every balance from the transfers: the audit of the ledger's invariants (sums to zero
 * per currency, kept balances equal to the transfers, nothing negative).
 */
export async function trialBalance(db: Db): Promise<TrialBalance> {
  const { rows } = await sql<{
    id: string | number;
    kind: string;
    currency: string;
    kept_posted: string | number;
    kept_pending: string | number;
    derived_posted: string | number;
    derived_pending: string | number;
  }>`
    with moves as (
      select debit_account_id as account_id,
             case when flag in ('posted', 'post_pending') then -amount else 0 end as posted,
             case when flag = 'pending' then amount when flag in ('post_pending', 'void_pending') then -amount else 0 end as pending_debit
        from ledger_transfer
      union all
      select credit_account_id, case when flag in ('posted', 'post_pending') then amount else 0 end, 0 from ledger_transfer
    )
    select a.id, a.kind, a.currency,
           a.credits_posted - a.debits_posted as kept_posted,
           a.debits_pending as kept_pending,
           coalesce(sum(m.posted), 0) as derived_posted,
           coalesce(sum(m.pending_debit), 0) as derived_pending
      from ledger_account a left join moves m on m.account_id = a.id
     group by a.id
  `.execute(db);
  const sums: Record<string, number> = {};
  const mismatches: number[] = [];
  const negatives: number[] = [];
  for (const row of rows) {
    const derived = Number(row.derived_posted);
    sums[row.currency] = (sums[row.currency] ?? 0) + derived;
    if (row.kind === "bettor") {
      if (Number(row.kept_posted) !== derived || Number(row.kept_pending) !== Number(row.derived_pending)) mismatches.push(Number(row.id));
      if (derived - Number(row.derived_pending) < 0) negatives.push(Number(row.id));
    }
  }
  const count = await db.selectFrom("ledger_transfer").select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow();
  return { sums, mismatches, negatives, transfers: Number(count.n) };
}

/** Credits a bettor from the house's deposits account (demo funding, tests, the office's deposits). */
export async function deposit(db: Db, accountId: number, amount: number, reference: string, idempotencyKey?: string): Promise<TransferOutcome> {
  const account = await accountById(db, accountId);
  if (!account || account.kind !== "bettor") return { ok: false, reason: "unknown_account" };
  return transfer(db, {
    debitAccountId: await houseAccountId(db, HOUSE.deposits, account.currency),
    creditAccountId: accountId,
    amount,
    currency: account.currency,
    kind: "deposit",
    reference,
    idempotencyKey,
    requestHash: idempotencyKey ? requestHash({ accountId, amount }) : undefined,
  });
}
