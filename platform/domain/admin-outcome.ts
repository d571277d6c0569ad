/** How an admin operation refuses: the HTTP status, the error code and message, and details. */
export interface Refusal {
  status: 400 | 404;
  code: string;
  message: string;
  /** Extra fields of the error object: field, loop, ruleId, rows. */
  details?: Record<string, unknown>;
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

export const done = <T>(value: T): Outcome<T> => ({ ok: true, value });

export function refuse(code: string, message: string, details?: Record<string, unknown>, status: 400 | 404 = 400): { ok: false; refusal: Refusal } {
  // Undefined details are left out rather than sent as nulls.
  const clean = details ? Object.fromEntries(Object.entries(details).filter(([, v]) => v !== undefined)) : undefined;
  return { ok: false, refusal: { status, code, message, ...(clean && Object.keys(clean).length ? { details: clean } : {}) } };
}

export const notFound = (message: string) => refuse("not_found", message, undefined, 404);

/** A refusal for the first of a list of field problems. */
export function refuseProblem(problem: { code: string; message: string; field?: string; loop?: string[]; ruleId?: number }) {
  const { code, message, ...details } = problem;
  return refuse(code, message, details);
}
