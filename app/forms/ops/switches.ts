import { z } from "zod";
import { messageWithValue } from "~/lib/messages";
import type { Switch, SwitchKey } from "~/services/admin.server";
import { type Maintenance, maintenanceSchema } from "~/services/site-config";
import { opsFields, ticked } from "./kit";

/** The site switches: one form per switch, each posting its intent. Messages are dictionary keys. */

// ---------------------------------------------------------------------------------------------
// Times: the inputs are datetime-local in the site's time zone (config defaultTimeZone, whole
// hours from UTC, as formatDateTime shows dates); the platform stores ISO instants.

const HOUR_MS = 3_600_000;

export function isoToLocalInput(iso: string | null, tz: number): string {
  if (!iso) return "";
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? "" : new Date(ms + Math.trunc(tz) * HOUR_MS).toISOString().slice(0, 16);
}

function localInputToIso(local: string, tz: number): string | null {
  const ms = Date.parse(`${local.length === 16 ? `${local}:00` : local}Z`);
  return Number.isNaN(ms) ? null : new Date(ms - Math.trunc(tz) * HOUR_MS).toISOString();
}

export function utcOffset(tz: number): string {
  const hours = Math.trunc(tz);
  return `UTC${hours >= 0 ? "+" : "−"}${Math.abs(hours)}`;
}

// ---------------------------------------------------------------------------------------------
// Maintenance

const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;
const localDateTime = z
  .string()
  .trim()
  .refine((v) => LOCAL_DATE_TIME.test(v) && !Number.isNaN(Date.parse(`${v.length === 16 ? `${v}:00` : v}Z`)), "ops.switches.errors.dateTime")
  .optional();

export const maintenanceForm = z
  .object({
    startedAt: localDateTime,
    endedAt: localDateTime,
    notifyStartedAt: localDateTime,
    notifyEndedAt: localDateTime,
    isActive: ticked,
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

/** The id of the time-zone note every time of the form is described by. */
export const MAINTENANCE_TZ_NOTE = "maintenance-tz";
const when = (name: "startedAt" | "endedAt" | "notifyStartedAt" | "notifyEndedAt") =>
  ({ name, control: "datetime", label: `ops.switches.maintenance.${name}`, describedBy: MAINTENANCE_TZ_NOTE }) as const;

export const maintenanceFields = opsFields(maintenanceForm, [
  { legend: "ops.switches.maintenance.window", row: [when("startedAt"), when("endedAt")] },
  { legend: "ops.switches.maintenance.notifyWindow", row: [when("notifyStartedAt"), when("notifyEndedAt")] },
  {
    row: [
      { name: "isActive", control: "checkbox", label: "ops.switches.maintenance.isActive" },
      { name: "webState", control: "number", label: "ops.switches.maintenance.webState", min: 0, max: 1000 },
    ],
  },
]);

/** The form's values as their inputs show the stored maintenance. */
export function maintenanceDefaults(v: Maintenance, tz: number) {
  return {
    startedAt: isoToLocalInput(v.started_at, tz),
    endedAt: isoToLocalInput(v.ended_at, tz),
    notifyStartedAt: isoToLocalInput(v.notify_started_at, tz),
    notifyEndedAt: isoToLocalInput(v.notify_ended_at, tz),
    isActive: v.isActive ? "on" : undefined,
    webState: String(v.web_state),
  };
}

export function toMaintenance(form: MaintenanceForm, tz: number): Maintenance {
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

/** The form field an admin refusal's field of the stored maintenance belongs to. */
export const maintenanceFieldOf: Record<string, string> = {
  started_at: "startedAt",
  ended_at: "endedAt",
  notify_started_at: "notifyStartedAt",
  notify_ended_at: "notifyEndedAt",
  isActive: "isActive",
  web_state: "webState",
};

// ---------------------------------------------------------------------------------------------
// Lists: feature numbers, paths, hosts; each edited as one text

/** Items of a list field: split, trimmed, empty ones dropped, duplicates removed. */
function items(text: string | undefined, separator: RegExp): string[] {
  return [...new Set((text ?? "").split(separator).map((s) => s.trim()).filter(Boolean))];
}

const MAX_ITEMS = 1000;
const listField = <T>(separator: RegExp, check: (item: string) => boolean, badKey: string, convert: (item: string) => T) =>
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

export const routesForm = z.object({ routes: listField(/[\s,;]+/, (s) => /^[1-9]\d{0,5}$/.test(s) && Number(s) <= 100_000, "ops.switches.errors.route", Number) });
// A path; a final "*" makes it a prefix (the platform's rule for the 404 list).
export const pathsForm = z.object({ paths: listField(/\r?\n/, (s) => /^\/[^\s?#*]{0,498}\*?$/.test(s), "ops.switches.errors.path", String) });
export const hostsForm = z.object({ hosts: listField(/\r?\n/, (s) => HOST.test(s.toLowerCase()), "ops.switches.errors.host", (s) => s.toLowerCase()) });

const listText = <Name extends string>(key: string, name: Name, control: "text" | "textarea") =>
  ({ name, control, label: `ops.switches.${key}.label`, hint: `ops.switches.${key}.format`, mono: true, ...(control === "textarea" ? { rows: 6 } : {}) }) as const;

/** Each list switch: its one field, its form, how its text joins the stored list. */
export const listSwitches = {
  availableRoutes: { field: "routes", schema: routesForm, joiner: ", ", fields: opsFields(routesForm, [listText("availableRoutes", "routes", "text")]) },
  urlsToRedirectTo404: { field: "paths", schema: pathsForm, joiner: "\n", fields: opsFields(pathsForm, [listText("urlsToRedirectTo404", "paths", "textarea")]) },
  redirectAllowedHosts: { field: "hosts", schema: hostsForm, joiner: "\n", fields: opsFields(hostsForm, [listText("redirectAllowedHosts", "hosts", "textarea")]) },
} as const;
export type ListSwitchKey = keyof typeof listSwitches;

// ---------------------------------------------------------------------------------------------
// The action's forms, by intent

export const switchIntents = ["maintenance", "previewMaintenance", "availableRoutes", "urlsToRedirectTo404", "redirectAllowedHosts"] as const;
export type SwitchIntent = (typeof switchIntents)[number];

/** Each intent's form; the parsed value names its intent, so the handler needs no casts. */
const switchForms = {
  maintenance: maintenanceForm.transform((form) => ({ intent: "maintenance" as const, form })),
  previewMaintenance: maintenanceForm.transform((form) => ({ intent: "previewMaintenance" as const, form })),
  availableRoutes: routesForm.transform((form) => ({ intent: "availableRoutes" as const, list: form.routes })),
  urlsToRedirectTo404: pathsForm.transform((form) => ({ intent: "urlsToRedirectTo404" as const, list: form.paths })),
  redirectAllowedHosts: hostsForm.transform((form) => ({ intent: "redirectAllowedHosts" as const, list: form.hosts })),
};
export const switchIntentOf = (formData: FormData): SwitchIntent | null => switchIntents.find((i) => i === formData.get("intent")) ?? null;
/** An unknown intent: a form that never parses, answered as a bad request. */
const unknownIntent = z.object({ intent: z.enum(switchIntents) }).transform((form) => ({ intent: "unknown" as const, form }));
/**
 * A list form without its field: a form that never parses. An emptied field is sent as an empty
 * value and clears the list on purpose; a field that is not sent at all (a broken or forged
 * form) must not be read as an empty list and wipe the switch (issue 11).
 */
const missingField = (field: string) =>
  z.object({ [field]: z.string({ required_error: "actions.badBody" }), intent: z.enum(switchIntents) }).transform((form) => ({ intent: "unknown" as const, form }));

/** What a post to the page is: one switch's form, by its intent. */
export function switchFormOf(formData: FormData) {
  const intent = switchIntentOf(formData);
  if (!intent) return unknownIntent;
  const list = intent in listSwitches ? listSwitches[intent as ListSwitchKey].field : null;
  return list && !formData.has(list) ? missingField(list) : switchForms[intent];
}

// ---------------------------------------------------------------------------------------------
// What the platform stores, as the page shows it: a stored value that does not parse (written by
// an older platform, or by hand) shows as empty, and saving the form writes a good one.

const listOf = <T extends z.ZodTypeAny>(item: T) => z.array(item).catch([]);
const noMaintenance: Maintenance = { started_at: null, ended_at: null, notify_started_at: null, notify_ended_at: null, isActive: false, web_state: 0 };
const stored = <T>(s: Switch, value: T) => ({ updatedBy: s.updated_by, updatedAt: s.updated_at, value });

export function storedSwitches(switches: Record<SwitchKey, Switch>) {
  return {
    maintenance: stored(switches.maintenance, maintenanceSchema.catch(noMaintenance).parse(switches.maintenance.value)),
    availableRoutes: stored(switches.availableRoutes, listOf(z.number()).parse(switches.availableRoutes.value)),
    urlsToRedirectTo404: stored(switches.urlsToRedirectTo404, listOf(z.string()).parse(switches.urlsToRedirectTo404.value)),
    redirectAllowedHosts: stored(switches.redirectAllowedHosts, listOf(z.string()).parse(switches.redirectAllowedHosts.value)),
  };
}

