import { sql } from "kysely";
import type { Db } from "../db/index.ts";
import type { CredentialClaims } from "./one-tap.ts";

/** The platform account linked to a provider's subject, if any. */
export function findSocialAccount(db: Db, provider: string, subject: string) {
  return db.selectFrom("social_account").select(["id", "user_id"]).where("provider", "=", provider).where("subject", "=", subject).executeTakeFirst();
}

/**
 * Links the Google account to the user with its e-mail (the provider verified it), or creates a
 * soc_reg user that needs no activation. One transaction: no user without its social account.
 */
export function linkOrCreate(db: Db, provider: string, claims: CredentialClaims, prefs: { language: string; currency: string; countryCode: string | null }) {
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom("app_user")
      .select("id")
      .where(sql<string>`lower(email)`, "=", claims.email)
      .forUpdate()
      .executeTakeFirst();
    let userId: number;
    if (existing) {
      userId = existing.id;
      await trx
        .updateTable("app_user")
        .set({ email_activated: true, updated_at: sql<Date>`now()` })
        .where("id", "=", userId)
        .execute();
    } else {
      const created = await trx
        .insertInto("app_user")
        .values({
          email: claims.email,
          email_activated: true,
          registration_type: "soc_reg",
          activation_type: 0,
          currency: prefs.currency,
          country_code: prefs.countryCode,
          language: prefs.language,
          user_data: JSON.stringify(claims.name ? { name: claims.name } : {}),
          terms_accepted_at: sql<Date>`now()`,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      userId = created.id;
    }
    return trx
      .insertInto("social_account")
      .values({ provider, subject: claims.sub, user_id: userId, email: claims.email })
      .returning(["id", "user_id"])
      .executeTakeFirstOrThrow();
  });
}
