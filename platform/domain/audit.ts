import type { Db } from "../db/index.ts";
import { type Paging, countAndPage } from "./paging.ts";

/** Who makes an admin change: the ops user, and the name the console shows (login or e-mail). */
export interface Actor {
  /** null for the platform itself (an automatic decision such as a VIP bet's expiry). */
  userId: number | null;
  name: string;
}

export type AuditEntity = "redirect_rule" | "block_rule" | "switch" | "game_result" | "vip_bet";
export const auditEntities: readonly AuditEntity[] = ["redirect_rule", "block_rule", "switch", "game_result", "vip_bet"];

/** Records one change; call it in the change's own transaction so both land or neither does. */
export async function recordChange(
  trx: Db,
  actor: Actor,
  change: { action: string; entity: AuditEntity; entityId: string | number | null; before: unknown; after: unknown },
): Promise<void> {
  await trx
    .insertInto("audit_log")
    .values({
      actor_user_id: actor.userId,
      actor: actor.name,
      action: change.action,
      entity: change.entity,
      entity_id: change.entityId === null ? null : String(change.entityId),
      before: change.before === null || change.before === undefined ? null : JSON.stringify(change.before),
      after: change.after === null || change.after === undefined ? null : JSON.stringify(change.after),
    })
    .execute();
}

/** A long list in an audit row: its size and its first `max` entries. */
export function trimmedList<T>(items: readonly T[], max = 100): { count: number; items: T[]; truncated: boolean } {
  return { count: items.length, items: items.slice(0, max), truncated: items.length > max };
}

export function listAudit(db: Db, filter: Paging & { entity?: AuditEntity; entityId?: string; action?: string }) {
  let query = db.selectFrom("audit_log");
  if (filter.entity) query = query.where("entity", "=", filter.entity);
  if (filter.entityId) query = query.where("entity_id", "=", filter.entityId);
  if (filter.action) query = query.where("action", "=", filter.action);
  return countAndPage(query, filter, (q) => q.selectAll().orderBy("at", "desc").orderBy("id", "desc"), (r) => ({ ...r, at: r.at.toISOString() }));
}
