import { sql } from "kysely";
import { z } from "zod";
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

/** The id of the account with this e-mail (without case), if any. */
export async function findUserIdByEmail(db: Db, email: string): Promise<number | undefined> {
  const row = await db.selectFrom("app_user").select("id").where(sql<string>`lower(email)`, "=", email.toLowerCase()).executeTakeFirst();
  return row?.id;
}

export type ActivationChannel = "email" | "phone";

/** What activation a user needs and has. */
export function activationStateOf(db: Db, userId: number) {
  return db.selectFrom("app_user").select(["id", "activation_type", "email_activated", "phone_activated"]).where("id", "=", userId).executeTakeFirst();
}

/** Marks one channel confirmed; answers the activation state after it. */
export function markChannelActivated(db: Db, userId: number, channel: ActivationChannel) {
  const column = channel === "email" ? "email_activated" : "phone_activated";
  return db
    .updateTable("app_user")
    .set({ [column]: true, updated_at: sql<Date>`now()` })
    .where("id", "=", userId)
    .returning(["activation_type", "email_activated", "phone_activated"])
    .executeTakeFirstOrThrow();
}

export async function setPasswordHash(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db.updateTable("app_user").set({ password_hash: passwordHash, updated_at: sql<Date>`now()` }).where("id", "=", userId).execute();
}

/** The newsletter opt-out of an e-mail's account (nothing when no account has it). */
export async function stopNewsletter(db: Db, email: string): Promise<void> {
  await db
    .updateTable("app_user")
    .set({ enable_mail_news: false, updated_at: sql<Date>`now()` })
    .where(sql<string>`lower(email)`, "=", email.toLowerCase())
    .execute();
}

/** SPEC §7: the user accepted the current terms. */
/** The header's display settings of a signed-in bettor (the site parses them again). */
export const displaySettingsInput = z.object({
  odds: z.enum(["decimal", "american", "fractional", "hongkong", "malay", "indonesian"]),
  /** SPEC §3 appViewType: 0 European, 1 Asian. */
  view: z.number().int().min(0).max(1),
  /** SPEC §3 appTheme: 0 light, 1 dark. */
  theme: z.number().int().min(0).max(1),
  // SPEC §3 flags (0/1): compact view, best matches on top, show game id, team logos. Optional:
  // a site older than them sends the three fields above.
  compact: z.number().int().min(0).max(1).optional(),
  bestOnTop: z.number().int().min(0).max(1).optional(),
  showGameId: z.number().int().min(0).max(1).optional(),
  teamLogos: z.number().int().min(0).max(1).optional(),
});
export type DisplaySettingsInput = z.infer<typeof displaySettingsInput>;

export async function saveDisplaySettings(db: Db, userId: number, settings: DisplaySettingsInput): Promise<void> {
  await db.updateTable("app_user").set({ display_settings: JSON.stringify(settings), updated_at: sql<Date>`now()` }).where("id", "=", userId).execute();
}

export async function acceptTerms(db: Db, userId: number): Promise<void> {
  await db.updateTable("app_user").set({ terms_accepted_at: sql<Date>`now()`, updated_at: sql<Date>`now()` }).where("id", "=", userId).execute();
}
