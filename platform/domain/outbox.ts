import type { Db } from "../db/index.ts";

/**
 * The fake SMS and e-mail senders: a message is "sent" by storing it in the outbox, where the
 * dev outbox page and the tests read it. Written in the caller's transaction, so a message goes
 * out only when what it announces was committed.
 */
export interface OutgoingMessage {
  channel: "sms" | "email";
  /** A lower-case e-mail or "+" and the phone digits. */
  to: string;
  subject?: string;
  body: string;
  /** The one-time code in the message, if any (the dev page shows it apart). */
  code?: string;
}

export async function sendMessage(db: Db, message: OutgoingMessage): Promise<void> {
  await db
    .insertInto("outbox")
    .values({ channel: message.channel, to: message.to, subject: message.subject ?? null, body: message.body, code: message.code ?? null })
    .execute();
}

/** The newest messages, to one address or to all, newest first. */
export function listOutbox(db: Db, filter: { to?: string; limit: number }) {
  let query = db.selectFrom("outbox").select(["id", "channel", "to", "subject", "body", "code", "created_at"]).orderBy("id", "desc").limit(filter.limit);
  if (filter.to) query = query.where("to", "=", filter.to);
  return query.execute();
}
