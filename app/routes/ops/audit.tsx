import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { formatDateTime } from "~/lib/format";
import { Pager } from "~/components/Pager";
import { opsTitle, requireOps } from "~/loaders/ops.server";
import { type AuditEntry, listAudit } from "~/services/admin.server";

const PAGE_SIZE = 25;

/** What the audit log records changes of (its `entity`). */
const entities = ["redirect_rule", "block_rule", "switch", "vip_bet"] as const;

const auditQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
  entity: z
    .string()
    .trim()
    .regex(/^[a-z_]{1,40}$/)
    .optional()
    .catch(undefined),
});

/** The audit log: every change made in the console, newest first. */
export async function loader(args: LoaderFunctionArgs) {
  const ops = await requireOps(args);
  const query = auditQuery.parse(Object.fromEntries(ops.site.url.searchParams));
  const [list, title] = await Promise.all([
    listAudit(ops.token, { page: query.page ?? 1, pageSize: PAGE_SIZE, entity: query.entity }),
    opsTitle(ops.site, "ops-audit"),
  ]);
  const items = [...list.items].sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id);
  return { title, list: { ...list, items }, query, lng: ops.site.lng, tz: ops.site.config.defaultTimeZone };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }, { name: "robots", content: "noindex, nofollow" }];

// ---------------------------------------------------------------------------------------------
// Before/after: the fields that changed, by path ("value.isActive"); arrays are one field.

type Flat = Map<string, unknown>;

function flatten(value: unknown, prefix = "", out: Flat = new Map(), depth = 0): Flat {
  if (value !== null && typeof value === "object" && !Array.isArray(value) && depth < 4) {
    const entries = Object.entries(value as Record<string, unknown>);
    if (!entries.length) out.set(prefix || "·", {});
    for (const [k, v] of entries) flatten(v, prefix ? `${prefix}.${k}` : k, out, depth + 1);
  } else {
    out.set(prefix || "·", value);
  }
  return out;
}

const NOISE = new Set(["updated_at", "updated_by", "created_at", "created_by"]);

function changes(before: unknown, after: unknown): Array<{ path: string; before: unknown; after: unknown; kind: "added" | "removed" | "changed" }> {
  const a = before == null ? new Map() : flatten(before);
  const b = after == null ? new Map() : flatten(after);
  const paths = [...new Set([...a.keys(), ...b.keys()])];
  const rows = [];
  for (const path of paths) {
    const inA = a.has(path);
    const inB = b.has(path);
    const x = a.get(path);
    const y = b.get(path);
    if (inA && inB && JSON.stringify(x) === JSON.stringify(y)) continue;
    if (inA && inB && NOISE.has(path.split(".").pop() ?? "")) continue;
    rows.push({ path, before: x, after: y, kind: !inA ? ("added" as const) : !inB ? ("removed" as const) : ("changed" as const) });
  }
  return rows;
}

const show = (v: unknown) => (v === undefined ? "—" : JSON.stringify(v));

function entityLink(entry: AuditEntry): string | null {
  if (entry.entity === "redirect_rule" && entry.entity_id && /^\d+$/.test(entry.entity_id) && entry.after != null) return `/ops/redirects/${entry.entity_id}`;
  if (entry.entity === "block_rule") return "/ops/blocks";
  if (entry.entity === "vip_bet") return "/ops/vip-bets";
  if (entry.entity === "switch") return `/ops/switches${entry.entity_id ? `#${entry.entity_id}` : ""}`;
  return null;
}

function Entry({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const { lng, tz } = useLoaderData<typeof loader>();
  const rows = changes(entry.before, entry.after);
  // A creation or a deletion has one side: show that side's fields rather than a one-sided diff.
  const oneSide = entry.before == null ? entry.after : entry.after == null ? entry.before : null;
  const fields = oneSide !== null && typeof oneSide === "object" ? [...flatten(oneSide)].filter(([path]) => !NOISE.has(path) && path !== "id") : null;
  const link = entityLink(entry);
  const entity = t(`ops.audit.entities.${entry.entity}`, { defaultValue: entry.entity });
  // Actions are "entity.verb" ("redirect_rule.create"): the dictionary nests them the same way.
  const verb = (entry.action.split(".").pop() ?? "").replace(/[^a-z_]/gi, "");
  return (
    <article className="card ops-audit__entry" aria-labelledby={`audit-${entry.id}`}>
      <header className="ops-audit__head">
        <h2 id={`audit-${entry.id}`} className="ops-audit__title">
          <span className={`badge ops-audit__action ops-audit__action--${verb}`}>
            {t(`ops.audit.actions.${entry.action}`, { defaultValue: entry.action })}
          </span>{" "}
          {link ? <Link to={link}>{entity}</Link> : entity}
          {entry.entity_id ? <span className="mono"> {entry.entity_id}</span> : null}
        </h2>
        <p className="small muted">
          {t("ops.audit.byAt", { actor: entry.actor, at: formatDateTime(entry.at, lng, tz) })}
        </p>
      </header>
      {fields ? (
        <dl className={`ops-kv ${entry.after == null ? "ops-kv--removed" : "ops-kv--added"}`} aria-label={t(entry.after == null ? "ops.audit.before" : "ops.audit.after")}>
          {fields.map(([path, value]) => (
            <div key={path} className="ops-kv__item">
              <dt className="mono">{path}</dt>
              <dd className="mono ops-break">{show(value)}</dd>
            </div>
          ))}
        </dl>
      ) : rows.length ? (
        <div className="table-wrap">
          <table className="table ops-audit__diff">
            <thead>
              <tr>
                <th scope="col">{t("ops.audit.field")}</th>
                <th scope="col">{t("ops.audit.before")}</th>
                <th scope="col">{t("ops.audit.after")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.path}>
                  <th scope="row" className="mono">
                    {row.path}
                  </th>
                  <td className="mono ops-break ops-diff--before">{show(row.before)}</td>
                  <td className="mono ops-break ops-diff--after">{show(row.after)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="small muted">{t("ops.audit.noChanges")}</p>
      )}
      <details className="ops-audit__full">
        <summary>{t("ops.audit.full")}</summary>
        <div className="ops-audit__sides">
          <div>
            <h3 className="field__label">{t("ops.audit.before")}</h3>
            <pre className="ops-json">{entry.before == null ? "—" : JSON.stringify(entry.before, null, 2)}</pre>
          </div>
          <div>
            <h3 className="field__label">{t("ops.audit.after")}</h3>
            <pre className="ops-json">{entry.after == null ? "—" : JSON.stringify(entry.after, null, 2)}</pre>
          </div>
        </div>
      </details>
    </article>
  );
}

export default function Audit() {
  const { list, query } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const options: string[] = [...entities];
  if (query.entity && !options.includes(query.entity)) options.push(query.entity);
  return (
    <section className="ops-page" aria-labelledby="audit-title">
      <h1 id="audit-title" className="page-title">
        {t("ops.audit.title")}
      </h1>
      <Form method="get" className="ops-filters ops-filters--audit" role="search">
        <label className="field">
          <span className="field__label">{t("ops.audit.entity")}</span>
          <select name="entity" defaultValue={query.entity ?? ""}>
            <option value="">{t("ops.audit.allEntities")}</option>
            {options.map((e) => (
              <option key={e} value={e}>
                {t(`ops.audit.entities.${e}`, { defaultValue: e })}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button button--primary">
          {t("ops.audit.filter")}
        </button>
      </Form>
      <p className="muted">{t("ops.audit.count", { count: list.total })}</p>
      {list.items.length ? (
        <div className="ops-audit">
          {list.items.map((entry) => (
            <Entry key={entry.id} entry={entry} />
          ))}
        </div>
      ) : (
        <p className="muted">{t("ops.audit.none")}</p>
      )}
      <Pager path="/ops/audit" page={list.page} total={list.total} pageSize={list.pageSize} />
    </section>
  );
}
