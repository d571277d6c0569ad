import { z } from "zod";
import { opsFields, pageNumber } from "./kit";

/** The audit log's filters (a GET form: a bad value is dropped, not refused). */

/** What the audit log records changes of (its `entity`), as the admin API names them. */
export const auditEntities = ["redirect_rule", "block_rule", "switch", "game_result", "vip_bet"] as const;

export const auditQuery = z.object({
  entity: z.enum(auditEntities).optional().catch(undefined),
  /** One record's changes: a rule's number, a switch's key, a coupon's number. */
  entityId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,100}$/)
    .optional()
    .catch(undefined),
  page: pageNumber,
});

export const auditFilters = opsFields(auditQuery, [
  { name: "entity", control: "select", label: "ops.audit.entity", any: "ops.audit.allEntities", choices: auditEntities, choiceLabel: (e, t) => t(`ops.audit.entities.${e}`) },
  { name: "entityId", control: "text", label: "ops.audit.entityId", mono: true },
]);

/** The audit entries of one record, as the record's page links them. */
export function auditPath(entity: (typeof auditEntities)[number], id: string | number): string {
  return `/ops/audit?${new URLSearchParams({ entity, entityId: String(id) })}`;
}

/** Where an entry's record is edited, if it still is somewhere. */
export function entityLink(entry: { entity: string; entity_id: string | null; after?: unknown }): string | null {
  if (entry.entity === "redirect_rule" && entry.entity_id && /^\d+$/.test(entry.entity_id) && entry.after != null) return `/ops/redirects/${entry.entity_id}`;
  if (entry.entity === "block_rule") return "/ops/blocks";
  if (entry.entity === "vip_bet") return "/ops/vip-bets";
  if (entry.entity === "switch") return `/ops/switches${entry.entity_id ? `#${entry.entity_id}` : ""}`;
  return null;
}
