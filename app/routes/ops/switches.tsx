import { type FieldMetadata, type SubmissionResult, getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { type FormEvent, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { FieldError, controlProps } from "~/components/form/Field";
import { firstInvalid } from "~/components/form/focus";
import { z } from "zod";
import { formatDateTime } from "~/lib/format";
import { StatusPage } from "~/components/StatusPage";
import { opsAction } from "~/forms/action.server";
import { opsTitle, requireOps } from "~/loaders/ops.server";
import { type AdminError, type Switch, type SwitchKey, adminError, adminErrorKey, getSwitches, setSwitch, switchKeys } from "~/services/admin.server";
import { type Maintenance, maintenanceSchema } from "~/services/site-config";
import { messageWithValue, translate } from "~/lib/messages";

// ---------------------------------------------------------------------------------------------
// Times: the inputs are datetime-local in the site's time zone (config defaultTimeZone, whole
// hours from UTC, as formatDateTime shows dates); the platform stores ISO instants.

const HOUR_MS = 3_600_000;

function isoToLocalInput(iso: string | null, tz: number): string {
  if (!iso) return "";
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? "" : new Date(ms + Math.trunc(tz) * HOUR_MS).toISOString().slice(0, 16);
}

function localInputToIso(local: string, tz: number): string | null {
  const ms = Date.parse(`${local.length === 16 ? `${local}:00` : local}Z`);
  return Number.isNaN(ms) ? null : new Date(ms - Math.trunc(tz) * HOUR_MS).toISOString();
}

function utcOffset(tz: number): string {
  const hours = Math.trunc(tz);
  return `UTC${hours >= 0 ? "+" : "−"}${Math.abs(hours)}`;
}

// ---------------------------------------------------------------------------------------------
// Forms: one per switch, each posting its intent. Messages are dictionary keys.

const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;
const localDateTime = z
  .string()
  .trim()
  .refine((v) => LOCAL_DATE_TIME.test(v) && !Number.isNaN(Date.parse(`${v.length === 16 ? `${v}:00` : v}Z`)), "ops.switches.errors.dateTime")
  .optional();

const maintenanceForm = z
  .object({
    startedAt: localDateTime,
    endedAt: localDateTime,
    notifyStartedAt: localDateTime,
    notifyEndedAt: localDateTime,
    isActive: z
      .literal("on")
      .optional()
      .transform((v) => v === "on"),
    webState: z.coerce
      .number({ invalid_type_error: "ops.switches.errors.webState" })
      .int("ops.switches.errors.webState")
      .min(0, "ops.switches.errors.webState")
      .max(1000, "ops.switches.errors.webState")
      .default(0),
  })
  .superRefine((form, ctx) => {
    const pair = (start: "startedAt" | "notifyStartedAt", end: "endedAt" | "notifyEndedAt") => {
      const a = form[start];
      const b = form[end];
      if (a && !b) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [end], message: "ops.switches.errors.needEnd" });
      if (!a && b) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [start], message: "ops.switches.errors.needStart" });
      if (a && b && Date.parse(`${b}Z`) <= Date.parse(`${a}Z`)) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [end], message: "ops.switches.errors.endBeforeStart" });
    };
    pair("startedAt", "endedAt");
    pair("notifyStartedAt", "notifyEndedAt");
    // The notice announces the maintenance: it starts no later and is over when the maintenance is.
    const at = (v: string | undefined) => (v ? Date.parse(`${v}Z`) : null);
    const [start, end, notifyStart, notifyEnd] = [at(form.startedAt), at(form.endedAt), at(form.notifyStartedAt), at(form.notifyEndedAt)];
    if (start !== null && notifyStart !== null && notifyStart > start) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["notifyStartedAt"], message: "ops.switches.errors.notifyAfterStart" });
    if (end !== null && notifyEnd !== null && notifyEnd > end) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["notifyEndedAt"], message: "ops.switches.errors.notifyAfterEnd" });
  });
type MaintenanceForm = z.infer<typeof maintenanceForm>;

function toMaintenance(form: MaintenanceForm, tz: number): Maintenance {
  const iso = (v: string | undefined) => (v ? localInputToIso(v, tz) : null);
  return {
    started_at: iso(form.startedAt),
    ended_at: iso(form.endedAt),
    notify_started_at: iso(form.notifyStartedAt),
    notify_ended_at: iso(form.notifyEndedAt),
    isActive: form.isActive,
    web_state: form.webState,
  };
}

/** Items of a list field: split, trimmed, empty ones dropped, duplicates removed. */
function items(text: string | undefined, separator: RegExp): string[] {
  return [...new Set((text ?? "").split(separator).map((s) => s.trim()).filter(Boolean))];
}

const MAX_ITEMS = 1000;
const listField = <T,>(separator: RegExp, check: (item: string) => boolean, badKey: string, convert: (item: string) => T) =>
  z
    .string()
    .max(100_000, "ops.errors.tooLong")
    .optional()
    .transform((text, ctx) => {
      const list = items(text, separator);
      if (list.length > MAX_ITEMS) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: "ops.switches.errors.tooMany" });
        return z.NEVER;
      }
      const bad = list.find((item) => !check(item));
      if (bad !== undefined) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: messageWithValue(badKey, bad.slice(0, 100)) });
        return z.NEVER;
      }
      return list.map(convert);
    });

// A host name of another site: two labels at least, the last one a top-level domain (it starts
// with a letter), optionally with a port. A single word ("nan", "localhost") or an IP address is
// no partner's site (issue 11); the platform's switch schema holds the same rule.
const HOST = /^(?=.{1,253}(:|$))(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?(?::\d{1,5})?$/;

const routesForm = z.object({ routes: listField(/[\s,;]+/, (s) => /^[1-9]\d{0,5}$/.test(s) && Number(s) <= 100_000, "ops.switches.errors.route", Number) });
// A path; a final "*" makes it a prefix (the platform's rule for the 404 list).
const pathsForm = z.object({ paths: listField(/\r?\n/, (s) => /^\/[^\s?#*]{0,498}\*?$/.test(s), "ops.switches.errors.path", String) });
const hostsForm = z.object({ hosts: listField(/\r?\n/, (s) => HOST.test(s.toLowerCase()), "ops.switches.errors.host", (s) => s.toLowerCase()) });

const intents = ["maintenance", "previewMaintenance", "availableRoutes", "urlsToRedirectTo404", "redirectAllowedHosts"] as const;
type Intent = (typeof intents)[number];

// ---------------------------------------------------------------------------------------------

const listSchema = <T extends z.ZodTypeAny>(item: T) => z.array(item).catch([]);
const defaultMaintenance: Maintenance = { started_at: null, ended_at: null, notify_started_at: null, notify_ended_at: null, isActive: false, web_state: 0 };

export async function loader(args: LoaderFunctionArgs) {
  const ops = await requireOps(args);
  const [switches, title] = await Promise.all([getSwitches(ops.token), opsTitle(ops.site, "ops-switches")]);
  const meta = (s: Switch) => ({ updatedBy: s.updated_by, updatedAt: s.updated_at });
  const saved = switchKeys.find((k) => k === ops.site.url.searchParams.get("saved")) ?? null;
  return {
    title,
    saved,
    lng: ops.site.lng,
    tz: ops.site.config.defaultTimeZone,
    maintenance: { ...meta(switches.maintenance), value: maintenanceSchema.catch(defaultMaintenance).parse(switches.maintenance.value) },
    availableRoutes: { ...meta(switches.availableRoutes), value: listSchema(z.number()).parse(switches.availableRoutes.value) },
    urlsToRedirectTo404: { ...meta(switches.urlsToRedirectTo404), value: listSchema(z.string()).parse(switches.urlsToRedirectTo404.value) },
    redirectAllowedHosts: { ...meta(switches.redirectAllowedHosts), value: listSchema(z.string()).parse(switches.redirectAllowedHosts.value) },
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }, { name: "robots", content: "noindex, nofollow" }];

/** The form field an admin refusal's field belongs to. */
const formFieldOf: Record<SwitchKey, (field: string | undefined) => string | null> = {
  maintenance: (f) =>
    ({ started_at: "startedAt", ended_at: "endedAt", notify_started_at: "notifyStartedAt", notify_ended_at: "notifyEndedAt", isActive: "isActive", web_state: "webState" })[f ?? ""] ?? null,
  availableRoutes: () => "routes",
  urlsToRedirectTo404: () => "paths",
  redirectAllowedHosts: () => "hosts",
};

/** Each intent's form; the parsed value names its intent, so the handler needs no casts. */
const switchForms = {
  maintenance: maintenanceForm.transform((form) => ({ intent: "maintenance" as const, form })),
  previewMaintenance: maintenanceForm.transform((form) => ({ intent: "previewMaintenance" as const, form })),
  availableRoutes: routesForm.transform((form) => ({ intent: "availableRoutes" as const, list: form.routes })),
  urlsToRedirectTo404: pathsForm.transform((form) => ({ intent: "urlsToRedirectTo404" as const, list: form.paths })),
  redirectAllowedHosts: hostsForm.transform((form) => ({ intent: "redirectAllowedHosts" as const, list: form.hosts })),
};
const intentOf = (formData: FormData): Intent | null => intents.find((i) => i === formData.get("intent")) ?? null;
/** An unknown intent: a form that never parses, answered as a bad request. */
const unknownIntent = z.object({ intent: z.enum(intents) }).transform((form) => ({ intent: "unknown" as const, form }));

/** The one field of each list switch's form. */
const listFieldOf: Partial<Record<Intent, "routes" | "paths" | "hosts">> = { availableRoutes: "routes", urlsToRedirectTo404: "paths", redirectAllowedHosts: "hosts" };
/**
 * A list form without its field: a form that never parses. An emptied field is sent as an empty
 * value and clears the list on purpose; a field that is not sent at all (a broken or forged
 * form) must not be read as an empty list and wipe the switch (issue 11).
 */
const missingField = (field: string) =>
  z.object({ [field]: z.string({ required_error: "actions.badBody" }), intent: z.enum(intents) }).transform((form) => ({ intent: "unknown" as const, form }));

type SwitchReply = {
  intent: Intent | null;
  lastResult: SubmissionResult<string[]> | null;
  saved: SwitchKey | null;
  preview: Maintenance | null;
  /** The platform's own words for a refusal (technical, shown as is). */
  detail: string | null;
  /** A refusal of the whole request (an unknown intent): a dictionary key. */
  refusal: string | null;
};

export const action = (args: ActionFunctionArgs) =>
  opsAction(
    args,
    (formData) => {
      const intent = intentOf(formData);
      if (!intent) return unknownIntent;
      const field = listFieldOf[intent];
      return field && !formData.has(field) ? missingField(field) : switchForms[intent];
    },
    async ({ ctx: ops, value, submission }) => {
      const tz = ops.site.config.defaultTimeZone;
      const reply = (body: Partial<SwitchReply>, status = 200) =>
        data({ intent: value.intent === "unknown" ? null : value.intent, lastResult: null, saved: null, preview: null, detail: null, refusal: null, ...body } satisfies SwitchReply, { status });
      const save = async (key: SwitchKey, stored: unknown) => {
        try {
          await setSwitch(ops.token, key, stored);
        } catch (error) {
          const refused: AdminError | null = adminError(error);
          if (!refused) throw error;
          const message = adminErrorKey(refused.code);
          const field = refused.code === "invalid_value" ? formFieldOf[key](refused.field) : null;
          return reply(
            { lastResult: submission.reply(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] }), detail: refused.message },
            refused.code === "rate_limited" ? 429 : 400,
          );
        }
        // A plain form (no JavaScript) comes back to the page; a fetcher gets the result inline.
        if (args.request.headers.get("accept")?.includes("text/html")) throw redirect(`/ops/switches?saved=${key}#${key}`);
        return reply({ lastResult: submission.reply(), saved: key });
      };

      switch (value.intent) {
        case "previewMaintenance":
          return reply({ lastResult: submission.reply(), preview: toMaintenance(value.form, tz) });
        case "maintenance":
          return save("maintenance", toMaintenance(value.form, tz));
        case "unknown":
          return reply({ refusal: "ops.errors.badRequest" }, 400);
        default:
          return save(value.intent, value.list);
      }
    },
    {
      invalid: (lastResult, formData): SwitchReply => {
        const intent = intentOf(formData);
        return { intent, lastResult: intent ? lastResult : null, saved: null, preview: null, detail: null, refusal: intent ? null : "ops.errors.badRequest" };
      },
    },
  );

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type ActionData = NonNullable<ReturnType<typeof useActionData<typeof action>>>;

// ---------------------------------------------------------------------------------------------
// View

/** The result for one switch's form: its fetcher's (JavaScript) or the page's (plain form). */
function useSwitchResult(fetcherData: ActionData | undefined, mine: readonly Intent[]) {
  const page = useActionData<typeof action>();
  if (fetcherData?.intent && mine.includes(fetcherData.intent)) return fetcherData;
  if (page?.intent && mine.includes(page.intent)) return page;
  return undefined;
}

/** Who changed a switch last and when, and its value now. */
function SwitchMeta({ updatedBy, updatedAt, value, summary }: { updatedBy: string | null; updatedAt: string | null; value: unknown; summary?: ReactNode }) {
  const { t } = useTranslation();
  const { lng, tz } = useLoaderData<typeof loader>();
  return (
    <div className="ops-switch__meta small">
      <p className="muted">
        {updatedBy && updatedAt
          ? t("ops.switches.changedBy", { by: updatedBy, at: formatDateTime(updatedAt, lng, tz) })
          : updatedAt
            ? t("ops.switches.changedAt", { at: formatDateTime(updatedAt, lng, tz) })
            : t("ops.switches.neverChanged")}
      </p>
      {summary ?? (
        <p>
          <span className="muted">{t("ops.switches.current")}</span> <code className="mono ops-break">{JSON.stringify(value)}</code>
        </p>
      )}
    </div>
  );
}

function SwitchCard(props: { id: SwitchKey; children: ReactNode; aside?: ReactNode; wide?: boolean }) {
  const { t } = useTranslation();
  return (
    <section id={props.id} className={`card ops-switch${props.wide ? " ops-switch--wide" : ""}`} aria-labelledby={`${props.id}-title`}>
      <div className="ops-switch__head">
        <h2 id={`${props.id}-title`} className="card__title">
          {t(`ops.switches.${props.id}.title`)}
        </h2>
        <p className="field__hint">{t(`ops.switches.${props.id}.hint`)}</p>
      </div>
      {props.aside ? (
        <div className="ops-switch__split">
          <div>{props.children}</div>
          {props.aside}
        </div>
      ) : (
        props.children
      )}
    </section>
  );
}

/** The saved message, the form-level refusal and its technical detail, under a form. */
function FormFoot(props: { saved: boolean; errors?: string[]; detail?: string | null; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {props.errors?.length ? (
        <p className="field__error" role="alert">
          {translate(t, props.errors[0]!)}
        </p>
      ) : null}
      {props.detail ? <p className="field__hint mono">{props.detail}</p> : null}
      {props.saved && !props.busy ? (
        <p className="form__info" role="status">
          {t("ops.switches.saved")}
        </p>
      ) : null}
    </>
  );
}

/** The stored maintenance value in words, in the site's time zone. */
function MaintenanceSummary({ value }: { value: Maintenance }) {
  const { t } = useTranslation();
  const { lng, tz } = useLoaderData<typeof loader>();
  const range = (start: string | null, end: string | null) =>
    start || end ? `${start ? formatDateTime(start, lng, tz) : "…"} – ${end ? formatDateTime(end, lng, tz) : "…"}` : "—";
  return (
    <ul className="ops-summary">
      <li>
        <span className="muted">{t("ops.switches.maintenance.window")}:</span> {range(value.started_at, value.ended_at)}
      </li>
      <li>
        <span className="muted">{t("ops.switches.maintenance.notifyWindow")}:</span> {range(value.notify_started_at, value.notify_ended_at)}
      </li>
      <li>
        <span className="muted">web_state:</span> <span className="mono">{value.web_state}</span>
      </li>
    </ul>
  );
}

function MaintenancePreview({ value }: { value: Maintenance }) {
  const { t } = useTranslation();
  const { lng, tz } = useLoaderData<typeof loader>();
  const when = (iso: string) => formatDateTime(iso, lng, tz);
  const hasWindow = Boolean(value.started_at && value.ended_at);
  const noticeShown = hasWindow && Boolean(value.notify_started_at && value.notify_ended_at);
  return (
    <div className="ops-preview" aria-labelledby="maintenance-preview-title">
      <h3 id="maintenance-preview-title" className="ops-preview__title">
        {t("ops.switches.preview.title")}
      </h3>
      <p className="small muted">{t(value.isActive ? "ops.switches.preview.pageActive" : "ops.switches.preview.pageInactive")}</p>
      <div className="ops-preview__frame" data-testid="maintenance-preview">
        <StatusPage
          icon="tools"
          tone="warning"
          title={t("maintenance.title")}
          actions={
            <span className="button button--primary" aria-hidden="true">
              {t("maintenance.refresh")}
            </span>
          }
        >
          <p>{hasWindow ? t("maintenance.text", { start: when(value.started_at!), end: when(value.ended_at!) }) : t("maintenance.textNoWindow")}</p>
          <p>{t("maintenance.apology")}</p>
        </StatusPage>
      </div>
      <p className="small muted">{t("ops.switches.preview.language")}</p>
      <p className="small muted">
        {noticeShown
          ? t("ops.switches.preview.noticeWindow", { start: when(value.notify_started_at!), end: when(value.notify_ended_at!) })
          : t("ops.switches.preview.noticeOff")}
      </p>
      {hasWindow ? (
        <div className="notice notice--warning" data-testid="notice-preview">
          <p className="notice__text">
            <strong>{t("maintenance.noticeTitle")}</strong>{" "}
            {t("maintenance.noticeText", { start: when(value.started_at!), end: when(value.ended_at!) })}
          </p>
          <span className="notice__close" aria-hidden="true">
            ×
          </span>
        </div>
      ) : null}
    </div>
  );
}

function MaintenanceSwitch({ current }: { current: LoaderData["maintenance"] }) {
  const { t } = useTranslation();
  const { tz, saved } = useLoaderData<typeof loader>();
  const fetcher = useFetcher<typeof action>();
  const result = useSwitchResult(fetcher.data, ["maintenance", "previewMaintenance"]);
  const v = current.value;
  const [form, fields] = useForm({
    id: "maintenance-form",
    lastResult: result?.lastResult as never,
    defaultValue: {
      startedAt: isoToLocalInput(v.started_at, tz),
      endedAt: isoToLocalInput(v.ended_at, tz),
      notifyStartedAt: isoToLocalInput(v.notify_started_at, tz),
      notifyEndedAt: isoToLocalInput(v.notify_ended_at, tz),
      isActive: v.isActive ? "on" : undefined,
      webState: String(v.web_state),
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: maintenanceForm }),
  });
  // The preview follows the inputs as they change (JavaScript); without it, the Preview button.
  const [draft, setDraft] = useState<Maintenance | null>(null);
  const onChange = (e: FormEvent<HTMLFormElement>) => {
    const parsed = maintenanceForm.safeParse(Object.fromEntries([...new FormData(e.currentTarget)].filter(([, x]) => x !== "")));
    if (parsed.success) setDraft(toMaintenance(parsed.data, tz));
  };
  const preview = draft ?? result?.preview ?? v;
  const busy = fetcher.state !== "idle";
  // The fields in the order the form shows them, for the focus after a refused post.
  const target = firstInvalid([fields.startedAt, fields.endedAt, fields.notifyStartedAt, fields.notifyEndedAt, fields.webState]);

  const dateField = (name: "startedAt" | "endedAt" | "notifyStartedAt" | "notifyEndedAt") => {
    const f: FieldMetadata<string | undefined> = fields[name];
    return (
      <div className="field">
        <label htmlFor={f.id} className="field__label">
          {t(`ops.switches.maintenance.${name}`)}
        </label>
        <input id={f.id} type="datetime-local" name={f.name} defaultValue={(f.initialValue as string | undefined) ?? ""} {...controlProps(f, target, { describedBy: "maintenance-tz" })} />
        <FieldError field={f} />
      </div>
    );
  };

  return (
    <SwitchCard id="maintenance" wide aside={<MaintenancePreview value={preview} />}>
      <SwitchMeta updatedBy={current.updatedBy} updatedAt={current.updatedAt} value={v} summary={<MaintenanceSummary value={v} />} />
      <p className={`badge ${v.isActive ? "badge--rejected" : "badge--answered"}`}>
        {t(v.isActive ? "ops.switches.maintenance.isOn" : "ops.switches.maintenance.isOff")}
      </p>
      <fetcher.Form method="post" {...getFormProps(form)} onChange={onChange} className="form ops-switch__form">
        <AuthenticityTokenInput />
        <p id="maintenance-tz" className="field__hint ops-tz">
          {t("ops.switches.maintenance.timeZone", { offset: utcOffset(tz) })}
        </p>
        <fieldset className="field">
          <legend className="field__label">{t("ops.switches.maintenance.window")}</legend>
          <div className="field-grid">
            {dateField("startedAt")}
            {dateField("endedAt")}
          </div>
        </fieldset>
        <fieldset className="field">
          <legend className="field__label">{t("ops.switches.maintenance.notifyWindow")}</legend>
          <div className="field-grid">
            {dateField("notifyStartedAt")}
            {dateField("notifyEndedAt")}
          </div>
        </fieldset>
        <div className="field-grid">
          <label className="checkbox">
            <input type="checkbox" name={fields.isActive.name} defaultChecked={fields.isActive.initialValue === "on"} />
            <span>{t("ops.switches.maintenance.isActive")}</span>
          </label>
          <div className="field">
            <label htmlFor={fields.webState.id} className="field__label">
              {t("ops.switches.maintenance.webState")}
            </label>
            <input id={fields.webState.id} type="number" name={fields.webState.name} min={0} max={1000} step={1} defaultValue={(fields.webState.initialValue as string | undefined) ?? "0"} {...controlProps(fields.webState, target)} />
            <FieldError field={fields.webState} />
          </div>
        </div>
        <FormFoot saved={result?.saved === "maintenance" || (!result && saved === "maintenance")} errors={form.errors} detail={result?.detail} busy={busy} />
        <div className="form--row">
          <button type="submit" name="intent" value="maintenance" className="button button--primary" disabled={busy}>
            {t("ops.switches.save")}
          </button>
          <button type="submit" name="intent" value="previewMaintenance" className="button button--ghost" formNoValidate>
            {t("ops.switches.preview.button")}
          </button>
        </div>
      </fetcher.Form>
    </SwitchCard>
  );
}

/** A switch edited as one text: feature numbers, paths or hosts. */
function ListSwitch(props: {
  id: "availableRoutes" | "urlsToRedirectTo404" | "redirectAllowedHosts";
  field: "routes" | "paths" | "hosts";
  schema: z.ZodTypeAny;
  current: { updatedBy: string | null; updatedAt: string | null; value: Array<string | number> };
  joiner: string;
  multiline: boolean;
}) {
  const { t } = useTranslation();
  const { saved } = useLoaderData<typeof loader>();
  const fetcher = useFetcher<typeof action>();
  const result = useSwitchResult(fetcher.data, [props.id]);
  const [form, fields] = useForm<Record<string, string>>({
    id: `${props.id}-form`,
    lastResult: result?.lastResult as never,
    defaultValue: { [props.field]: props.current.value.join(props.joiner) },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: props.schema }),
  });
  const f = fields[props.field]!;
  const busy = fetcher.state !== "idle";
  const common = {
    id: f.id,
    name: f.name,
    defaultValue: (f.initialValue as string | undefined) ?? "",
    className: "mono",
    ...controlProps(f, firstInvalid([f]), { describedBy: `${props.id}-format` }),
    spellCheck: false,
  };
  return (
    <SwitchCard id={props.id}>
      <SwitchMeta {...props.current} />
      <fetcher.Form method="post" {...getFormProps(form)} className="form ops-switch__form">
        <AuthenticityTokenInput />
        <div className="field">
          <label htmlFor={f.id} className="field__label">
            {t(`ops.switches.${props.id}.label`)}
          </label>
          {props.multiline ? <textarea {...common} rows={6} /> : <input {...common} />}
          <span id={`${props.id}-format`} className="field__hint">
            {t(`ops.switches.${props.id}.format`)}
          </span>
          <FieldError field={f} />
        </div>
        <FormFoot saved={result?.saved === props.id || (!result && saved === props.id)} errors={form.errors} detail={result?.detail} busy={busy} />
        <div className="form--row">
          <button type="submit" name="intent" value={props.id} className="button button--primary" disabled={busy}>
            {t("ops.switches.save")}
          </button>
        </div>
      </fetcher.Form>
    </SwitchCard>
  );
}

export default function Switches() {
  const page = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>()?.refusal;
  const { t } = useTranslation();
  return (
    <section className="ops-page" aria-labelledby="switches-title">
      <h1 id="switches-title" className="page-title">
        {t("ops.switches.title")}
      </h1>
      <p className="muted">{t("ops.switches.intro")}</p>
      {refused ? (
        <p className="field__error" role="alert">
          {translate(t, refused)}
        </p>
      ) : null}
      <MaintenanceSwitch current={page.maintenance} />
      <div className="ops-switches">
        <ListSwitch id="availableRoutes" field="routes" schema={routesForm} current={page.availableRoutes} joiner=", " multiline={false} />
        <ListSwitch id="urlsToRedirectTo404" field="paths" schema={pathsForm} current={page.urlsToRedirectTo404} joiner={"\n"} multiline />
        <ListSwitch id="redirectAllowedHosts" field="hosts" schema={hostsForm} current={page.redirectAllowedHosts} joiner={"\n"} multiline />
      </div>
    </section>
  );
}
