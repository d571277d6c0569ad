import { Form, type FetcherWithComponents, useActionData, useFetcher } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { RowReply } from "~/forms/ops/kit";
import { translate } from "~/lib/messages";

function isRowReply(value: unknown): value is RowReply {
  return typeof value === "object" && value !== null && "rowId" in value && "rowError" in value;
}

/** The page's own answer to a row's button posted without JavaScript. */
export function usePageRowReply(): RowReply | null {
  const reply = useActionData();
  return isRowReply(reply) ? reply : null;
}

/** A row's small form: the CSRF token and the row's hidden fields; a fetcher's with JavaScript when given one. */
export function OpsRowForm(props: { fetcher?: FetcherWithComponents<unknown>; hidden: Record<string, string | number | undefined>; className?: string; children: ReactNode }) {
  const body = (
    <>
      <AuthenticityTokenInput />
      {Object.entries(props.hidden).map(([name, value]) => (value === undefined ? null : <input key={name} type="hidden" name={name} value={value} />))}
      {props.children}
    </>
  );
  const className = props.className ?? "inline-form";
  return props.fetcher ? (
    <props.fetcher.Form method="post" className={className}>
      {body}
    </props.fetcher.Form>
  ) : (
    <Form method="post" className={className}>
      {body}
    </Form>
  );
}

/** A row's refusal, from its fetchers (JavaScript) or the page's answer (a plain post). */
export function OpsRowError({ id, replies = [] }: { id: number; replies?: unknown[] }) {
  const { t } = useTranslation();
  const page = useActionData();
  const reply = [...replies, page].find((r): r is RowReply => isRowReply(r) && r.rowId === id && Boolean(r.rowError));
  if (!reply) return null;
  return (
    <p className="field__error small" role="alert">
      {translate(t, reply.rowError!)}
      {reply.detail ? <span className="muted"> ({reply.detail})</span> : null}
    </p>
  );
}

/**
 * A row's buttons, each a form of its own posting the row's id and where to come back to: a
 * switch (on/off, shown switched while the change is on its way) and, when `deletable`, a delete
 * that needs its box ticked. The texts are the dictionary keys under `texts`: active, inactive,
 * activate, deactivate, confirm, delete, deleteRule, each given `values` (the row's name).
 */
export function OpsRowActions(props: {
  id: number;
  back: string;
  texts: string;
  values: Record<string, string>;
  active: boolean;
  /** The switch's intent, when the page's action has more than one. */
  toggleIntent?: string;
  deletable?: boolean;
}) {
  const { t } = useTranslation();
  const toggle = useFetcher();
  const remove = useFetcher();
  const active = toggle.formData ? toggle.formData.get("active") === "true" : props.active;
  const key = (name: string) => `${props.texts}.${name}`;
  return (
    <div className="ops-row-actions">
      <OpsRowForm fetcher={toggle} hidden={{ intent: props.toggleIntent, id: props.id, active: String(!active), back: props.back }}>
        {/* The name starts with the visible state (WCAG 2.5.3, label in name); the hidden rest says which row and what a press does. */}
        <button type="submit" className={`switch ${active ? "switch--on" : ""}`} aria-pressed={active}>
          {t(key(active ? "active" : "inactive"))}
          <span className="visually-hidden">{`: ${t(key(active ? "deactivate" : "activate"), props.values)}`}</span>
        </button>
      </OpsRowForm>
      {props.deletable ? (
        <OpsRowForm fetcher={remove} hidden={{ intent: "delete", id: props.id, back: props.back }}>
          <label className="checkbox small">
            <input type="checkbox" name="confirmDelete" />
            <span>{t(key("confirm"))}</span>
          </label>
          <button type="submit" className="button button--danger button--small" disabled={remove.state !== "idle"} aria-label={t(key("deleteRule"), props.values)}>
            {t(key("delete"))}
          </button>
        </OpsRowForm>
      ) : null}
      <OpsRowError id={props.id} replies={[toggle.data, remove.data]} />
    </div>
  );
}
