import { sql } from "kysely";
import type { Db } from "../db/index.ts";
import type { RegistrationType } from "../db/schema.ts";
import { channelRequired } from "./activation.ts";
import { sendActivationCode } from "./activation-codes.ts";
import { CREDENTIALS_EMAIL_WINDOW_SECONDS, SESSION_SECONDS } from "./auth-limits.ts";
import { createSession } from "./sessions.ts";
import { uniqueConflict } from "./users.ts";

/** A new account as registration has checked it: every field valid, the password hashed. */
export interface NewAccount {
  type: RegistrationType;
  email: string | null;
  phone: { code: string; number: string } | null;
  countryCode: string;
  currency: string;
  bonusChoice: number;
  promocode: string | null;
  language: string;
  passwordHash: string;
  activationType: number;
  userData: Record<string, string>;
}

export type Created =
  | { ok: true; userId: number; login: string | null; session: { token: string; expiresAt: Date } }
  | { ok: false; conflict: "email_taken" | "phone_taken" };

/** Thrown inside the registration transaction to roll it back. */
class Conflict extends Error {
  constructor(readonly code: "email_taken" | "phone_taken") {
    super(code);
  }
}

/**
 * Creates the account, its activation codes and its first session in one transaction: an
 * e-mail or phone that is taken (checked first, and by the unique indexes under a race)
 * leaves nothing behind. A one-click account's account number becomes its login.
 */
export async function createAccount(db: Db, secret: string, account: NewAccount): Promise<Created> {
  const { email, phone } = account;
  try {
    return await db.transaction().execute(async (trx) => {
      if (email && (await trx.selectFrom("app_user").select("id").where(sql<string>`lower(email)`, "=", email).executeTakeFirst())) {
        throw new Conflict("email_taken");
      }
      if (
        phone &&
        (await trx.selectFrom("app_user").select("id").where("phone_code", "=", phone.code).where("phone_number", "=", phone.number).executeTakeFirst())
      ) {
        throw new Conflict("phone_taken");
      }
      const user = await trx
        .insertInto("app_user")
        .values({
          email,
          phone_code: phone?.code ?? null,
          phone_number: phone?.number ?? null,
          country_code: account.countryCode,
          password_hash: account.passwordHash,
          activation_type: account.activationType,
          terms_accepted_at: sql<Date>`now()`,
          user_data: JSON.stringify(account.userData),
          currency: account.currency,
          bonus_choice: account.bonusChoice,
          registration_type: account.type,
          promocode: account.promocode,
          language: account.language,
        })
        .returning(["id", "login"])
        .executeTakeFirstOrThrow();
      let login = user.login;
      if (account.type === "one_click") {
        // The account number is the login; skipped if some older account already took it as a name.
        const named = await trx
          .updateTable("app_user")
          .set({ login: String(user.id) })
          .where("id", "=", user.id)
          .where(({ not, exists, selectFrom }) => not(exists(selectFrom("app_user as other").select("other.id").where("other.login", "=", String(user.id)))))
          .returning("login")
          .executeTakeFirst();
        login = named?.login ?? null;
      }
      for (const channel of ["email", "phone"] as const) {
        if (channelRequired(account.activationType, channel)) {
          await sendActivationCode(
            trx,
            secret,
            { id: user.id, email, phone_code: phone?.code ?? null, phone_number: phone?.number ?? null, language: account.language },
            channel,
          );
        }
      }
      const session = await createSession(trx, user.id, SESSION_SECONDS);
      return { ok: true as const, userId: user.id, login, session };
    });
  } catch (error) {
    const conflict = error instanceof Conflict ? error.code : uniqueConflict(error);
    if (conflict === "email_taken" || conflict === "phone_taken") return { ok: false, conflict };
    throw error;
  }
}

/** Whether the account was registered within the window in which its credentials may be e-mailed. */
export async function inCredentialsWindow(db: Db, userId: number): Promise<boolean> {
  const recent = await db
    .selectFrom("app_user")
    .select("id")
    .where("id", "=", userId)
    .where("created_at", ">", sql<Date>`now() - make_interval(secs => ${CREDENTIALS_EMAIL_WINDOW_SECONDS})`)
    .executeTakeFirst();
  return recent !== undefined;
}
