import { sql } from "kysely";
import type { Db } from "../db/index.ts";
import { type LoginIdentifier, fullPhone } from "./login-identifier.ts";
import type { SessionUser } from "./sessions.ts";

/** The account a login names, if any (e-mail without case; account number before login name). */
export async function findUserByLogin(db: Db, identifier: LoginIdentifier): Promise<SessionUser | undefined> {
  const users = db.selectFrom("app_user").selectAll();
  switch (identifier.kind) {
    case "email":
      return users.where(sql<string>`lower(email)`, "=", identifier.email).executeTakeFirst();
    case "phone":
      return users.where(sql<string>`'+' || phone_code || phone_number`, "=", identifier.phone).executeTakeFirst();
    case "id":
      return users
        .where((eb) => eb.or([eb("id", "=", identifier.id), eb("login", "=", identifier.login)]))
        .orderBy(sql`id = ${identifier.id}`, "desc")
        .limit(1)
        .executeTakeFirst();
    case "login":
      return users.where("login", "=", identifier.login).executeTakeFirst();
  }
}

export async function findUserByPhone(db: Db, phoneCode: string, phoneNumber: string): Promise<SessionUser | undefined> {
  return db.selectFrom("app_user").selectAll().where("phone_code", "=", phoneCode).where("phone_number", "=", phoneNumber).executeTakeFirst();
}

/** Where a user's e-mail and SMS go ("+" and digits for a phone). */
export function phoneAddress(user: Pick<SessionUser, "phone_code" | "phone_number">): string | null {
  return user.phone_code && user.phone_number ? fullPhone(user.phone_code, user.phone_number) : null;
}

/** Which unique index a violation hit, as the conflict the API reports. */
export function uniqueConflict(error: unknown): "email_taken" | "phone_taken" | "login_taken" | null {
  if (typeof error !== "object" || error === null || (error as { code?: unknown }).code !== "23505") return null;
  const detail = `${(error as { constraint?: unknown }).constraint ?? ""} ${(error as { message?: unknown }).message ?? ""}`;
  if (detail.includes("email")) return "email_taken";
  if (detail.includes("phone")) return "phone_taken";
  return "login_taken";
}
