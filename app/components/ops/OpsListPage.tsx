import { Form, useLocation } from "@remix-run/react";
import { Fragment, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Pager } from "~/components/Pager";
import { type OpsFieldLayout, fieldsOf } from "~/forms/ops/kit";
import { OpsFieldControl } from "./OpsFields";
import { OpsPage, type OpsPageProps } from "./OpsPage";
import { usePageRowReply } from "./OpsRowActions";

/** A column of a list's table: its heading (a dictionary key) and what a row shows in it. */
export interface OpsColumn<Row> {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  className?: string;
  /** The cell names its row (a `th`). */
  rowHeader?: boolean;
}

/** A page of a list as the admin API answers it. */
export interface OpsList<Row> {
  items: Row[];
  total: number;
  page: number;
  pageSize: number;
}

/** A list's filters: a GET form (it works without JavaScript), its fields described as data. */
export function OpsFilters({ fields, values, submit }: { fields: ReadonlyArray<OpsFieldLayout>; values: Record<string, unknown>; submit: string }) {
  const { t } = useTranslation();
  return (
    <Form method="get" className="ops-filters" role="search">
      {fieldsOf(fields).map((spec) => (
        <OpsFieldControl key={spec.name} spec={spec} meta={{ id: `filter-${spec.name}`, name: spec.name, errorId: `filter-${spec.name}-error`, initialValue: values[spec.name] }} />
      ))}
      <button type="submit" className="button button--primary">
        {t(submit)}
      </button>
    </Form>
  );
}

export function OpsTable<Row>(props: {
  columns: ReadonlyArray<OpsColumn<Row>>;
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  muted?: (row: Row) => boolean;
  caption?: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="table-wrap">
      <table className={props.className ? `table ${props.className}` : "table"}>
        {props.caption ? <caption className="ops-caption">{props.caption}</caption> : null}
        <thead>
          <tr>
            {props.columns.map((c) => (
              <th key={c.key} scope="col">
                {t(c.header)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => (
            <tr key={props.rowKey(row)} className={props.muted?.(row) ? "table__row--muted" : undefined}>
              {props.columns.map((c) =>
                c.rowHeader ? (
                  <th key={c.key} scope="row" className={c.className}>
                    {c.cell(row)}
                  </th>
                ) : (
                  <td key={c.key} className={c.className}>
                    {c.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export interface OpsListPageProps<Row extends { id: number }> extends Omit<OpsPageProps, "children"> {
  list: OpsList<Row>;
  /** Query parameters a page change drops (a "saved" message). */
  drop?: string[];
  filters?: { fields: ReadonlyArray<OpsFieldLayout>; values: Record<string, unknown>; submit: string };
  /** How many there are, in words. */
  count: ReactNode;
  /** A table of these columns… */
  columns?: ReadonlyArray<OpsColumn<Row>>;
  /** A row shown dimmed (switched off). */
  muted?: (row: Row) => boolean;
  /** …or a card per row. */
  card?: (row: Row) => ReactNode;
  cardsClassName?: string;
  empty?: ReactNode;
  /** A row a refusal is about, in words, when the row is no longer listed. */
  rowName?: (id: number) => string;
  /** Between the notices and the list (a form that adds a row). */
  children?: ReactNode;
}

/**
 * A list page: heading and notices, filters, the count, the rows (a table of columns or a card
 * each), the pager. A row button's refusal stands in its row; one about a row no longer listed
 * (decided or deleted meanwhile) stands above the list.
 */
export function OpsListPage<Row extends { id: number }>(props: OpsListPageProps<Row>) {
  const { t } = useTranslation();
  const { list } = props;
  const reply = usePageRowReply();
  // The pager's links are this page's own address with another page (and the same filters).
  const { pathname } = useLocation();
  const orphan = reply?.rowError && !list.items.some((row) => row.id === reply.rowId) ? reply : null;
  const rows = !list.items.length && props.empty ? (
    <p className="muted">{props.empty}</p>
  ) : props.card ? (
    <div className={props.cardsClassName}>
      {list.items.map((row) => (
        <Fragment key={row.id}>{props.card!(row)}</Fragment>
      ))}
    </div>
  ) : (
    <OpsTable columns={props.columns ?? []} rows={list.items} rowKey={(row) => row.id} muted={props.muted} />
  );
  const orphanText = orphan ? `${t(orphan.rowError!)}${orphan.rowId !== null && props.rowName ? ` (${props.rowName(orphan.rowId)})` : ""}` : null;
  return (
    <OpsPage {...props} notices={[...(props.notices ?? []), orphanText ? { text: orphanText, tone: "alert" } : null]}>
      {props.children}
      {props.filters ? <OpsFilters {...props.filters} /> : null}
      <p className="muted ops-count">{props.count}</p>
      {rows}
      <Pager path={pathname} page={list.page} total={list.total} pageSize={list.pageSize} drop={props.drop} />
    </OpsPage>
  );
}
