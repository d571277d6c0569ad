import type { Db } from "../db/index.ts";

/** How many unanswered appeals a user may have at once; more is flooding the support queue. */
export const MAX_PENDING_APPEALS = 3;

const appealColumns = ["id", "message", "status", "answer", "created_at", "answered_at"] as const;

/** A user's block appeals, newest first. */
export function listAppeals(db: Db, userId: number) {
  return db.selectFrom("block_appeal").select(appealColumns).where("user_id", "=", userId).orderBy("created_at", "desc").orderBy("id", "desc").execute();
}

/** Files an appeal; null when the user already has MAX_PENDING_APPEALS waiting. */
export function fileAppeal(db: Db, userId: number, message: string) {
  return db.transaction().execute(async (trx) => {
    // Locking the user row serialises one user's concurrent appeals, so the limit holds.
    await trx.selectFrom("app_user").select("id").where("id", "=", userId).forUpdate().executeTakeFirstOrThrow();
    const { pending } = await trx
      .selectFrom("block_appeal")
      .select((eb) => eb.fn.countAll<string>().as("pending"))
      .where("user_id", "=", userId)
      .where("status", "=", "pending")
      .executeTakeFirstOrThrow();
    if (Number(pending) >= MAX_PENDING_APPEALS) return null;
    return trx.insertInto("block_appeal").values({ user_id: userId, message }).returning(appealColumns).executeTakeFirstOrThrow();
  });
}
