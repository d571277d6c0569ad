// Deposits and withdrawals through the payment provider (issue 34, decision 065). One function per
// money move, each one database transaction around its checks and its ledger transfers; the
// provider is called between transactions, never inside one (a slow provider must not hold a
// bettor's account lock). The ledger is credited only by a verified callback, once per payment,
// whatever order or how many times the callbacks arrive.

import { sql } from "kysely";
import { z } from "zod";
import { verifySignature } from "../../common/payment-signature.ts";
import type { Db } from "../db/index.ts";
import type { Clock } from "./clock.ts";
import { ACCOUNT_TYPE, HOUSE, createTransfer, houseAccountId, isInsufficientFunds, mainAccount, requestHash, resolvePending } from "./ledger.ts";
import { collectDebtsFromDeposit } from "./debts.ts";
import type { PaymentProvider } from "./payment-provider.ts";
import {
  PAYMENTS_PAGE_SIZE,
  PAYMENT_STATUS,
  PROVIDER_UNAVAILABLE,
  type PaymentKind,
  type AmountRefusal,
  type PaymentStatusId,
  archiveCutoff,
  checkAmount,
  debtRepaidMessage,
  methodsFor,
  paymentMessage,
  providerKind,
  returnUrls,
  skksHash,
  statusWord,
  transition,
} from "./payment-rules.ts";

export interface PaymentSettings {
  provider: PaymentProvider;
  /** Where the provider sends its callbacks (PAYMENT_CALLBACK_URL). */
  callbackUrl: string;
  /** The secret the provider signs callbacks with (PAYMENT_PROVIDER_SECRET). */
  secret: string;
  /** The platform's clock: payments are dated on it and the archive is counted on it. */
  clock: Clock;
}

export interface Refusal {
  status: 400 | 401 | 404 | 409 | 422 | 423 | 503;
  code: string;
  message: string;
  extra?: Record<string, unknown>;
}

class Refused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.message);
  }
}

function refuse(status: Refusal["status"], code: string, message: string, extra?: Record<string, unknown>): never {
  throw new Refused({ status, code, message, extra });
}

/** A stored payment row, parsed: pg answers bigints as strings, PGlite as numbers. */
const bigId = z.union([z.string(), z.number()]).transform(Number).pipe(z.number().int().safe());
const storedPayment = z.object({
  id: bigId,
  user_id: z.number().int(),
  account_id: bigId,
  kind: z.enum(["deposit", "withdrawal"]),
  method: z.string(),
  amount: bigId,
  currency: z.string(),
  status_id: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  provider_id: z.string().nullable(),
  redirect_url: z.string().nullable(),
  request_hash: z.string(),
  reserve_transfer_id: bigId.nullable(),
  credit_transfer_id: bigId.nullable(),
  message: z.string(),
  message_key: z.string(),
  created_at: z.coerce.date(),
  updated_at: z.coerce.date(),
  debt_repaid: bigId,
});
export type StoredPayment = z.infer<typeof storedPayment>;

const paymentColumns = [
  "id",
  "user_id",
  "account_id",
  "kind",
  "method",
  "amount",
  "currency",
  "status_id",
  "provider_id",
  "redirect_url",
  "request_hash",
  "reserve_transfer_id",
  "credit_transfer_id",
  "message",
  "message_key",
  "created_at",
  "updated_at",
  "debt_repaid",
] as const;

/** The bettor's view of one payment (GET /web-api/payments/{id}). */
export function paymentJson(p: StoredPayment) {
  return {
    id: p.id,
    kind: p.kind,
    status: statusWord(p.status_id),
    statusId: p.status_id,
    amount: p.amount,
    currency: p.currency,
    method: p.method,
    message: p.message,
    messageKey: p.message_key,
    /** The part of a deposit that repaid the bettor's debts (decision 019); 0 for the rest. */
    debtRepaid: p.debt_repaid,
    redirectUrl: p.status_id === PAYMENT_STATUS.awaiting || p.status_id === PAYMENT_STATUS.pending ? p.redirect_url : null,
    createdAt: p.created_at.toISOString(),
    updatedAt: p.updated_at.toISOString(),
  };
}

/** SPEC §3 Payment history entry. */
export function historyEntry(p: StoredPayment) {
  return {
    id: p.id,
    status_id: p.status_id,
    message: p.message,
    translate_message: p.message_key,
    skks_hash: skksHash(p.provider_id),
    timestamp: Math.floor(p.created_at.getTime() / 1000),
    date_payment: p.created_at.toISOString(),
    status_title: statusWord(p.status_id),
    summ: p.amount,
    money_deposit_id: p.kind === "deposit" ? p.id : null,
    debt_repaid: p.debt_repaid,
    kind: p.kind,
    currency: p.currency,
    method: p.method,
  };
}

export interface PaymentRequest {
  method: string;
  amount: number;
  returnBase: string;
}

/** What a create call answers: the payment, and whether the answer is an earlier one replayed. */
export type CreateResult = { ok: true; status: 200 | 201; payment: StoredPayment; replayed: boolean } | { ok: false; refusal: Refusal };

export async function paymentMethods(db: Db, userId: number, kind: PaymentKind) {
  const account = await mainAccount(db, userId);
  return methodsFor(account.currency, kind);
}

async function paymentByKey(trx: Db, userId: number, key: string): Promise<StoredPayment | undefined> {
  const row = await trx.selectFrom("payment").select(paymentColumns).where("user_id", "=", userId).where("idempotency_key", "=", key).executeTakeFirst();
  return row ? storedPayment.parse(row) : undefined;
}

async function paymentById(trx: Db, id: number): Promise<StoredPayment | undefined> {
  const row = await trx.selectFrom("payment").select(paymentColumns).where("id", "=", String(id)).executeTakeFirst();
  return row ? storedPayment.parse(row) : undefined;
}

/** The payment a provider transaction id names, its row locked for the rest of the transaction. */
async function lockedByProviderId(trx: Db, providerId: string): Promise<StoredPayment | undefined> {
  const row = await trx.selectFrom("payment").select(paymentColumns).where("provider_id", "=", providerId).forUpdate().executeTakeFirst();
  return row ? storedPayment.parse(row) : undefined;
}

/** A payment by our id, its row locked for the rest of the transaction (the recovery sweep). */
export async function lockedById(trx: Db, id: number): Promise<StoredPayment | undefined> {
  const row = await trx.selectFrom("payment").select(paymentColumns).where("id", "=", String(id)).forUpdate().executeTakeFirst();
  return row ? storedPayment.parse(row) : undefined;
}

/** Open payments (awaiting, pending) created before `before`, the longest unasked first. */
export async function openPaymentsBefore(db: Db, before: Date, limit: number): Promise<StoredPayment[]> {
  const rows = await db
    .selectFrom("payment")
    .select(paymentColumns)
    .where("status_id", "in", [PAYMENT_STATUS.awaiting, PAYMENT_STATUS.pending])
    .where("created_at", "<=", before)
    .orderBy(sql`coalesce(checked_at, created_at)`)
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map((row) => storedPayment.parse(row));
}

/**
 * The answer to a key used before: the same payment as it stands now for the same request, a
 * conflict for another; a payment whose provider call failed answers that failure again (a retry
 * takes a new key), one whose provider call is still under way asks the caller to wait.
 */
function replay(earlier: StoredPayment, hash: string): CreateResult {
  if (earlier.request_hash !== hash) refuse(409, "idempotency_conflict", "This Idempotency-Key was used with another payment request");
  if (earlier.message_key === PROVIDER_UNAVAILABLE.key) refuse(503, "provider_unavailable", PROVIDER_UNAVAILABLE.text, { paymentId: earlier.id });
  if (earlier.provider_id === null) refuse(409, "request_in_progress", "This payment is still being created; ask again in a moment", { retryAfterSeconds: 1 });
  return { ok: true, status: 200, payment: earlier, replayed: true };
}

function amountRefusal(r: AmountRefusal, kind: PaymentKind, currency: string, method: string): Refusal {
  switch (r.code) {
    case "unknown_method":
      return { status: 422, code: r.code, message: `No payment method "${method}" for ${kind}s in ${currency}` };
    case "amount_below_min":
      return { status: 422, code: r.code, message: "The amount is below the method's minimum", extra: { min: r.min } };
    case "amount_above_max":
      return { status: 422, code: r.code, message: "The amount is above the method's maximum", extra: { max: r.max } };
    case "amount_step":
      return { status: 422, code: r.code, message: "The amount is not a whole number of the currency's steps", extra: { step: r.step } };
  }
}

/**
 * Whether this payment may be made now, run inside the transaction that writes it: the method's
 * limits in the bettor's currency and its step. The responsible-gaming limits of issue 35 (deposit
 * limits per day, week and month) belong in this step, in the same transaction as the money.
 */
function checkPaymentAllowed(kind: PaymentKind, currency: string, request: PaymentRequest): void {
  const refusal = checkAmount(currency, kind, request.method, request.amount);
  if (refusal) throw new Refused(amountRefusal(refusal, kind, currency, request.method));
}

/** A withdrawal waits while a bonus account holds money: its wagering is not finished (the bonus rules come later). */
async function checkWageringFinished(trx: Db, userId: number): Promise<void> {
  const bonus = await trx
    .selectFrom("ledger_account")
    .select("id")
    .where("kind", "=", "bettor")
    .where("user_id", "=", userId)
    .where("type", "=", ACCOUNT_TYPE.bonus)
    .where(sql<boolean>`credits_posted - debits_posted > 0`)
    .executeTakeFirst();
  if (bonus) refuse(422, "wagering_unfinished", "The bonus wagering is not finished: withdrawals wait until it is");
}

async function insertPayment(trx: Db, userId: number, accountId: number, kind: PaymentKind, currency: string, key: string, hash: string, request: PaymentRequest, now: Date): Promise<StoredPayment | undefined> {
  const message = paymentMessage(kind, PAYMENT_STATUS.awaiting);
  const row = await trx
    .insertInto("payment")
    .values({
      user_id: userId,
      account_id: String(accountId),
      kind,
      method: request.method,
      amount: request.amount,
      currency,
      return_base: request.returnBase,
      idempotency_key: key,
      request_hash: hash,
      message: message.text,
      message_key: message.key,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(["user_id", "idempotency_key"]).doNothing())
    .returning(paymentColumns)
    .executeTakeFirst();
  return row ? storedPayment.parse(row) : undefined;
}

function hashOf(kind: PaymentKind, request: PaymentRequest): string {
  return requestHash({ kind, method: request.method, amount: request.amount, returnBase: request.returnBase });
}

/**
 * After the payment is written: asks the provider for its payment, then records its id and page,
 * or, when it cannot be reached, fails the payment (and voids a withdrawal's reservation) in one
 * transaction, so the bettor keeps every unit and can retry with a new key.
 */
async function openAtProvider(db: Db, settings: PaymentSettings, payment: StoredPayment, returnBase: string): Promise<CreateResult> {
  const created = await settings.provider.createPayment({
    merchantRef: String(payment.id),
    kind: providerKind(payment.kind),
    amount: payment.amount,
    currency: payment.currency,
    method: payment.method,
    returnUrls: returnUrls(returnBase, payment.kind, payment.id),
    callbackUrl: settings.callbackUrl,
  });
  const now = new Date(settings.clock.now());
  if (created.ok) {
    const row = await db
      .updateTable("payment")
      .set({ provider_id: created.id, redirect_url: created.redirectUrl, updated_at: now })
      .where("id", "=", String(payment.id))
      // The recovery sweep may have learnt the same id by our reference meanwhile.
      .where((eb) => eb.or([eb("provider_id", "is", null), eb("provider_id", "=", created.id)]))
      .returning(paymentColumns)
      .executeTakeFirst();
    const stored = row ? storedPayment.parse(row) : await paymentById(db, payment.id);
    return { ok: true, status: 201, payment: stored!, replayed: false };
  }
  const failed = await db.transaction().execute(async (trx) => {
    const current = await lockedById(trx, payment.id);
    // The recovery sweep found it at the provider meanwhile: what the provider said stands.
    if (!current || current.status_id !== PAYMENT_STATUS.awaiting || current.provider_id !== null) return false;
    if (payment.reserve_transfer_id !== null) {
      const voided = await resolvePending(trx, payment.reserve_transfer_id, "void_pending");
      if (!voided.ok) throw new Error(`payment ${payment.id}: its reservation could not be voided (${voided.reason})`);
    }
    await trx
      .updateTable("payment")
      .set({ status_id: PAYMENT_STATUS.failed, message: PROVIDER_UNAVAILABLE.text, message_key: PROVIDER_UNAVAILABLE.key, updated_at: now })
      .where("id", "=", String(payment.id))
      .execute();
    return true;
  });
  if (!failed) return { ok: true, status: 201, payment: (await paymentById(db, payment.id))!, replayed: false };
  return { ok: false, refusal: { status: 503, code: "provider_unavailable", message: PROVIDER_UNAVAILABLE.text, extra: { paymentId: payment.id, detail: created.detail } } };
}

function refusalOf(error: unknown): { ok: false; refusal: Refusal } {
  if (error instanceof Refused) return { ok: false, refusal: error.refusal };
  // The database's own no-negative CHECK, should a debit ever get past the checks above.
  if (isInsufficientFunds(error)) return { ok: false, refusal: { status: 422, code: "insufficient_funds", message: "The balance is too low for this withdrawal", extra: { available: 0 } } };
  throw error;
}

/** A deposit: the payment is written, the provider opens it; money comes in only with its verified success callback. */
export async function createDeposit(db: Db, settings: PaymentSettings, userId: number, key: string, request: PaymentRequest): Promise<CreateResult> {
  const hash = hashOf("deposit", request);
  try {
    const outcome = await db.transaction().execute(async (trx) => {
      const earlier = await paymentByKey(trx, userId, key);
      if (earlier) return replay(earlier, hash);
      const account = await mainAccount(trx, userId);
      checkPaymentAllowed("deposit", account.currency, request);
      const payment = await insertPayment(trx, userId, account.id, "deposit", account.currency, key, hash, request, new Date(settings.clock.now()));
      // Another request with this key committed between the look-up and the insert.
      if (!payment) return replay((await paymentByKey(trx, userId, key))!, hash);
      return payment;
    });
    if ("ok" in outcome) return outcome;
    return await openAtProvider(db, settings, outcome, request.returnBase);
  } catch (error) {
    return refusalOf(error);
  }
}

/**
 * A withdrawal: the amount is reserved at once (a pending transfer main → house withdrawals) in the
 * transaction that writes the payment, under the account's lock, so concurrent withdrawals queue
 * and none can reserve what another took. The provider's callback posts or voids it.
 */
export async function createWithdrawal(db: Db, settings: PaymentSettings, userId: number, key: string, request: PaymentRequest): Promise<CreateResult> {
  const hash = hashOf("withdrawal", request);
  try {
    const outcome = await db.transaction().execute(async (trx) => {
      const main = await mainAccount(trx, userId);
      await trx.selectFrom("ledger_account").select("id").where("id", "=", String(main.id)).forNoKeyUpdate().execute();
      const earlier = await paymentByKey(trx, userId, key);
      if (earlier) return replay(earlier, hash);
      const account = await mainAccount(trx, userId);
      if (account.isFrozen) refuse(423, "account_frozen", "The account is frozen");
      await checkWageringFinished(trx, userId);
      checkPaymentAllowed("withdrawal", account.currency, request);
      if (account.available < request.amount) refuse(422, "insufficient_funds", "The balance is too low for this withdrawal", { available: Math.max(0, account.available) });
      const payment = await insertPayment(trx, userId, account.id, "withdrawal", account.currency, key, hash, request, new Date(settings.clock.now()));
      if (!payment) return replay((await paymentByKey(trx, userId, key))!, hash);
      const reserved = await createTransfer(trx, {
        debitAccountId: account.id,
        creditAccountId: await houseAccountId(trx, HOUSE.withdrawals, account.currency),
        amount: request.amount,
        currency: account.currency,
        flag: "pending",
        kind: "payment_withdrawal",
        reference: `payment:${payment.id}`,
        idempotencyKey: `payment:${payment.id}:reserve`,
      });
      if (!reserved.ok) {
        if (reserved.reason === "insufficient_funds") refuse(422, "insufficient_funds", "The balance is too low for this withdrawal", { available: Math.max(0, reserved.available) });
        if (reserved.reason === "account_frozen") refuse(423, "account_frozen", "The account is frozen");
        throw new Error(`payment ${payment.id}: the reservation failed (${reserved.reason})`);
      }
      await trx.updateTable("payment").set({ reserve_transfer_id: String(reserved.transfer.id) }).where("id", "=", String(payment.id)).execute();
      return { ...payment, reserve_transfer_id: reserved.transfer.id };
    });
    if ("ok" in outcome) return outcome;
    return await openAtProvider(db, settings, outcome, request.returnBase);
  } catch (error) {
    return refusalOf(error);
  }
}

/** One payment of the bettor's; another bettor's is answered as missing. */
export async function bettorPayment(db: Db, userId: number, id: number): Promise<StoredPayment | undefined> {
  const payment = await paymentById(db, id);
  return payment && payment.user_id === userId ? payment : undefined;
}

/** The bettor's payments, newest first, ten a page; final ones older than 90 days only with the archive. */
export async function paymentHistory(db: Db, userId: number, options: { includeArchive: boolean; page: number; nowMs: number }) {
  let query = db.selectFrom("payment").where("user_id", "=", userId);
  if (!options.includeArchive) {
    const cutoff = archiveCutoff(options.nowMs);
    query = query.where((eb) => eb.or([eb("status_id", "in", [PAYMENT_STATUS.awaiting, PAYMENT_STATUS.pending]), eb("created_at", ">=", cutoff)]));
  }
  const [rows, count] = await Promise.all([
    query
      .select(paymentColumns)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(PAYMENTS_PAGE_SIZE)
      .offset((options.page - 1) * PAYMENTS_PAGE_SIZE)
      .execute(),
    query.select((eb) => eb.fn.countAll<string | number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { entities: rows.map((row) => historyEntry(storedPayment.parse(row))), total_count: Number(count.n) };
}

const callbackBody = z.object({
  eventId: z.string().min(1).max(100),
  id: z.string().min(1).max(120),
  merchantRef: z.string().min(1).max(100),
  kind: z.enum(["deposit", "payout"]),
  status: z.enum(["pending", "success", "failed", "cancelled"]),
  amount: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  currency: z.string().regex(/^[A-Z]{3}$/),
});

export interface CallbackAnswer {
  status: 200 | 400 | 401 | 404 | 422;
  body: { result: { applied: boolean; status: string; why?: string } } | { error: { code: string; message: string } };
}

interface CallbackLog {
  paymentId?: number | null;
  providerId?: string | null;
  eventId?: string | null;
  status?: string | null;
  verified: boolean;
  outcome: "applied" | "duplicate" | "ignored" | "refused";
  reason?: string | null;
}

function logCallback(trx: Db, raw: string, signature: string | undefined, entry: CallbackLog) {
  return trx
    .insertInto("payment_callback")
    .values({
      payment_id: entry.paymentId === undefined || entry.paymentId === null ? null : String(entry.paymentId),
      provider_id: entry.providerId ?? null,
      event_id: entry.eventId ?? null,
      status: entry.status ?? null,
      verified: entry.verified,
      outcome: entry.outcome,
      reason: entry.reason ?? null,
      signature: signature?.slice(0, 200) ?? null,
      body: raw,
    })
    .execute();
}

const refused = (status: CallbackAnswer["status"], code: string, message: string): CallbackAnswer => ({ status, body: { error: { code, message } } });

/**
 * A callback from the provider (POST /payments-api/callback): its signature over the raw body and
 * its timestamp's window first, then its shape, then the payment it names and every field it
 * claims; only then, in one transaction with the payment's row locked, the state change and its
 * money. Every callback is logged, refused ones with their reason, and a refusal changes nothing.
 */
export async function applyCallback(db: Db, settings: PaymentSettings, raw: string, signature: string | undefined): Promise<CallbackAnswer> {
  const check = verifySignature(settings.secret, raw, signature);
  if (!check.ok) {
    await logCallback(db, raw, signature, { verified: false, outcome: "refused", reason: `signature_${check.reason}` });
    return check.reason === "stale"
      ? refused(401, "stale_signature", "The signature's timestamp is outside the 300 s window")
      : refused(401, "invalid_signature", `The signature does not verify (${check.reason})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    json = undefined;
  }
  const parsed = callbackBody.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    await logCallback(db, raw, signature, { verified: true, outcome: "refused", reason: "invalid_body" });
    return refused(400, "invalid_body", `${issue?.path.join(".") || "body"}: ${issue?.message ?? "invalid"}`);
  }
  const event = parsed.data;
  const base = { providerId: event.id, eventId: event.eventId, status: event.status, verified: true };
  return db.transaction().execute(async (trx) => {
    const payment = await lockedByProviderId(trx, event.id);
    if (!payment) {
      await logCallback(trx, raw, signature, { ...base, outcome: "refused", reason: "unknown_transaction" });
      return refused(404, "unknown_transaction", "No payment has this provider transaction id");
    }
    const applied = await applyProviderState(trx, settings, payment, event);
    await logCallback(trx, raw, signature, { ...base, paymentId: payment.id, outcome: applied.outcome, reason: applied.outcome === "applied" ? null : applied.why });
    if (applied.outcome === "refused") return refused(422, "mismatch", `The callback's ${applied.field} differs from the payment's`);
    if (applied.outcome === "applied") return { status: 200, body: { result: { applied: true, status: statusWord(applied.to) } } };
    return { status: 200, body: { result: { applied: false, status: statusWord(applied.status), why: applied.why } } };
  });
}

/** What the provider says of one payment: by a callback, or by its answer to the recovery sweep's query. */
export interface ProviderState {
  id: string;
  merchantRef: string;
  kind: "deposit" | "payout";
  status: "pending" | "success" | "failed" | "cancelled";
  amount: number;
  currency: string;
}

export type Applied =
  | { outcome: "applied"; to: PaymentStatusId; debtRepaid: number }
  | { outcome: "duplicate" | "ignored"; status: PaymentStatusId; why: "duplicate" | "after_terminal" }
  | { outcome: "refused"; field: "merchantRef" | "kind" | "amount" | "currency"; why: string };

/**
 * The one place the provider's word moves a payment and its money, whether it came by a callback
 * or by the recovery sweep's query: the caller holds the payment's row lock in `trx`. Every field
 * the provider states is compared with the payment first; the same status again is a duplicate and
 * nothing moves a final payment, so the money of a status moves once however often it is told.
 */
export async function applyProviderState(trx: Db, settings: PaymentSettings, payment: StoredPayment, state: ProviderState): Promise<Applied> {
  const field =
    state.merchantRef !== String(payment.id)
      ? "merchantRef"
      : state.kind !== providerKind(payment.kind)
        ? "kind"
        : state.amount !== payment.amount
          ? "amount"
          : state.currency !== payment.currency
            ? "currency"
            : null;
  if (field) return { outcome: "refused", field, why: `mismatch_${field}` };
  const move = transition(payment.status_id, state.status);
  if (!move.move) return { outcome: move.why === "duplicate" ? "duplicate" : "ignored", status: payment.status_id, why: move.why };
  const debtRepaid = await moveMoney(trx, payment, move.to);
  const message = debtRepaid > 0 ? debtRepaidMessage(payment.amount, debtRepaid, payment.currency) : paymentMessage(payment.kind, move.to);
  await trx
    .updateTable("payment")
    .set({ status_id: move.to, message: message.text, message_key: message.key, debt_repaid: debtRepaid, updated_at: new Date(settings.clock.now()) })
    .where("id", "=", String(payment.id))
    .execute();
  return { outcome: "applied", to: move.to, debtRepaid };
}

/**
 * The money of a status change, in the callback's transaction: a deposit's success credits the
 * bettor once (its key is the payment's) and then repays what the bettor owes from it (decision
 * 019), a withdrawal's success posts the reservation and its failure or cancellation voids it;
 * pending moves nothing. Returns the part of a deposit that repaid debts.
 */
async function moveMoney(trx: Db, payment: StoredPayment, to: PaymentStatusId): Promise<number> {
  if (payment.kind === "deposit") {
    if (to !== PAYMENT_STATUS.success) return 0;
    const credited = await createTransfer(trx, {
      debitAccountId: await houseAccountId(trx, HOUSE.deposits, payment.currency),
      creditAccountId: payment.account_id,
      amount: payment.amount,
      currency: payment.currency,
      kind: "payment_deposit",
      reference: `payment:${payment.id}`,
      idempotencyKey: `payment:${payment.id}:credit`,
    });
    if (!credited.ok) throw new Error(`payment ${payment.id}: the credit failed (${credited.reason})`);
    await trx.updateTable("payment").set({ credit_transfer_id: String(credited.transfer.id) }).where("id", "=", String(payment.id)).execute();
    return collectDebtsFromDeposit(trx, { paymentId: payment.id, accountId: payment.account_id, currency: payment.currency, upTo: payment.amount });
  }
  if (to === PAYMENT_STATUS.pending) return 0;
  if (payment.reserve_transfer_id === null) throw new Error(`payment ${payment.id}: a withdrawal without its reservation`);
  const resolved = await resolvePending(trx, payment.reserve_transfer_id, to === PAYMENT_STATUS.success ? "post_pending" : "void_pending");
  if (!resolved.ok) throw new Error(`payment ${payment.id}: its reservation could not be resolved (${resolved.reason})`);
  return 0;
}
