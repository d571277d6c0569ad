/**
 * An audit entry's before and after as the console shows them: the fields that changed, by path
 * ("value.isActive"); arrays are one field.
 */

export type Flat = Map<string, unknown>;

export function flatten(value: unknown, prefix = "", out: Flat = new Map(), depth = 0): Flat {
  if (value !== null && typeof value === "object" && !Array.isArray(value) && depth < 4) {
    const entries = Object.entries(value as Record<string, unknown>);
    if (!entries.length) out.set(prefix || "·", {});
    for (const [k, v] of entries) flatten(v, prefix ? `${prefix}.${k}` : k, out, depth + 1);
  } else {
    out.set(prefix || "·", value);
  }
  return out;
}

/** Bookkeeping every change touches: not a change worth showing. */
export const NOISE = new Set(["updated_at", "updated_by", "created_at", "created_by"]);

export interface FieldChange {
  path: string;
  before: unknown;
  after: unknown;
  kind: "added" | "removed" | "changed";
}

export function changes(before: unknown, after: unknown): FieldChange[] {
  const a = before == null ? new Map() : flatten(before);
  const b = after == null ? new Map() : flatten(after);
  const paths = [...new Set([...a.keys(), ...b.keys()])];
  const rows: FieldChange[] = [];
  for (const path of paths) {
    const inA = a.has(path);
    const inB = b.has(path);
    const x = a.get(path);
    const y = b.get(path);
    if (inA && inB && JSON.stringify(x) === JSON.stringify(y)) continue;
    if (inA && inB && NOISE.has(path.split(".").pop() ?? "")) continue;
    rows.push({ path, before: x, after: y, kind: !inA ? "added" : !inB ? "removed" : "changed" });
  }
  return rows;
}

/** A creation or a deletion has one side: its fields, bookkeeping and the id left out; null for a change. */
export function oneSideFields(before: unknown, after: unknown): Array<[string, unknown]> | null {
  const side = before == null ? after : after == null ? before : null;
  return side !== null && typeof side === "object" ? [...flatten(side)].filter(([path]) => !NOISE.has(path) && path !== "id") : null;
}

export const showValue = (v: unknown) => (v === undefined ? "—" : JSON.stringify(v));
