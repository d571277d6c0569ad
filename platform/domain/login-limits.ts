import { sql } from "kysely";
import type { Db } from "../db/index.ts";
import {
  LOGIN_FAILURES_BEFORE_CAPTCHA,
  LOGIN_FAILURES_BEFORE_CAPTCHA_EVERYWHERE,
  LOGIN_FAILURES_PER_ADDRESS,
  LOGIN_FAILURES_PER_LOGIN_AND_ADDRESS,
  LOGIN_FAILURE_WINDOW_SECONDS,
} from "./auth-limits.ts";
import { clearWindow, countHit, hitIfUnder, releaseHit } from "./rate-limits.ts";

/**
 * The limits of password logins, per visitor (decision 012). Two kinds of counters:
 * - tries (reservations): every attempt takes one before the password is checked, so parallel
 *   guesses cannot overrun the limit; an attempt that did not fail gives its try back. They cap
 *   the attempts per (address, login) and per address.
 * - failures: counted only once a password was found wrong. They decide the captcha, so logins
 *   still in progress never count as failures.
 * A visitor is keyed by its address, so one visitor's failures never captcha or lock another.
 * Failures on one login from every address together only ever ask for a captcha (from
 * LOGIN_FAILURES_BEFORE_CAPTCHA_EVERYWHERE on), never lock: a guesser spread over many
 * addresses meets a captcha, while nobody can lock a stranger's account.
 */

const TRY_PAIR = "login_try:pair";
const TRY_ADDRESS = "login_try:address";
const FAIL_PAIR = "login_fail:pair";
const FAIL_ADDRESS = "login_fail:address";
const FAIL_ACCOUNT = "login_fail:account";

/** The counter key of one login from one address. */
const pairKey = (account: string, address: string) => `${account}@${address}`;

export interface LoginAttemptKeys {
  /** The visitor's normalised address. */
  address: string;
  /** `user:<id>` for a known account, else what was typed, so probing unknown logins is limited too. */
  account: string;
}

export type LoginAttempt =
  | { allowed: false; retryAfterSeconds: number; what: string }
  | {
      allowed: true;
      /** Enough failures came before this attempt that it must carry a solved captcha. */
      captchaRequired: boolean;
      /** The password was wrong: the try stays taken and one failure is counted everywhere. */
      failed(): Promise<void>;
      /** The password was right: the try is given back and this login's failures from this address are forgotten, there and in the address's count. */
      succeeded(): Promise<void>;
      /** The attempt ended before the password counted (e.g. no captcha): the try is given back. */
      withdrawn(): Promise<void>;
    };

/** Takes a try for one password login, or answers how long the visitor must wait. */
export async function beginLoginAttempt(db: Db, keys: LoginAttemptKeys): Promise<LoginAttempt> {
  const pair = pairKey(keys.account, keys.address);
  const window = LOGIN_FAILURE_WINDOW_SECONDS;
  const fromPair = await hitIfUnder(db, TRY_PAIR, pair, window, LOGIN_FAILURES_PER_LOGIN_AND_ADDRESS);
  if (!fromPair.allowed) return { allowed: false, retryAfterSeconds: fromPair.retryAfterSeconds, what: "failed logins for this account" };
  const fromAddress = await hitIfUnder(db, TRY_ADDRESS, keys.address, window, LOGIN_FAILURES_PER_ADDRESS);
  if (!fromAddress.allowed) {
    await releaseHit(db, TRY_PAIR, pair);
    return { allowed: false, retryAfterSeconds: fromAddress.retryAfterSeconds, what: "failed logins from this address" };
  }
  const failures = await failuresBefore(db, pair, keys);
  const captchaRequired =
    failures.pair >= LOGIN_FAILURES_BEFORE_CAPTCHA ||
    failures.address >= LOGIN_FAILURES_BEFORE_CAPTCHA ||
    failures.account >= LOGIN_FAILURES_BEFORE_CAPTCHA_EVERYWHERE;
  const giveBack = () => Promise.all([releaseHit(db, TRY_PAIR, pair), releaseHit(db, TRY_ADDRESS, keys.address)]).then(() => undefined);
  return {
    allowed: true,
    captchaRequired,
    async failed() {
      await Promise.all([
        countHit(db, FAIL_PAIR, pair, window),
        countHit(db, FAIL_ADDRESS, keys.address, window),
        countHit(db, FAIL_ACCOUNT, keys.account, window),
      ]);
    },
    async succeeded() {
      // This login's earlier failures from this address were the owner's typos: the address
      // gets them back too (its other failures stay).
      await Promise.all([
        clearWindow(db, TRY_PAIR, pair),
        clearWindow(db, FAIL_PAIR, pair),
        releaseHit(db, TRY_ADDRESS, keys.address, 1 + failures.pair),
        releaseHit(db, FAIL_ADDRESS, keys.address, failures.pair),
      ]);
    },
    withdrawn: giveBack,
  };
}

/** Completed failures in the open windows of this (login, address), this address and this login. */
async function failuresBefore(db: Db, pair: string, keys: LoginAttemptKeys) {
  const rows = await db
    .selectFrom("rate_limit")
    .select(["scope", "hits"])
    .where((eb) =>
      eb.or([
        eb.and([eb("scope", "=", FAIL_PAIR), eb("key", "=", pair)]),
        eb.and([eb("scope", "=", FAIL_ADDRESS), eb("key", "=", keys.address)]),
        eb.and([eb("scope", "=", FAIL_ACCOUNT), eb("key", "=", keys.account)]),
      ])
    )
    .where(sql<boolean>`window_started_at + make_interval(secs => window_seconds) > now()`)
    .execute();
  const hits = (scope: string) => rows.find((r) => r.scope === scope)?.hits ?? 0;
  return { pair: hits(FAIL_PAIR), address: hits(FAIL_ADDRESS), account: hits(FAIL_ACCOUNT) };
}

/**
 * The owner proved themselves another way (a password reset): the login's failures from every
 * address are forgotten, so they are not held back by what came before.
 */
export async function forgetLoginFailures(db: Db, account: string): Promise<void> {
  const prefix = `${account}@`;
  await db
    .deleteFrom("rate_limit")
    .where((eb) =>
      eb.or([
        eb.and([eb("scope", "in", [TRY_PAIR, FAIL_PAIR]), eb(sql<string>`left("key", ${prefix.length})`, "=", prefix)]),
        eb.and([eb("scope", "=", FAIL_ACCOUNT), eb("key", "=", account)]),
      ])
    )
    .execute();
}
