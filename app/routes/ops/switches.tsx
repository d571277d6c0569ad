import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { MaintenancePreview, MaintenanceSummary, OpsPage, OpsRecordForm, OpsSection, opsMeta, useOpsShell } from "~/components/ops";
import { opsAction } from "~/forms/action.server";
import { adminCall, changed, refusedReply } from "~/forms/ops/answers.server";
import {
  type ListSwitchKey,
  MAINTENANCE_TZ_NOTE,
  type SwitchIntent,
  listSwitches,
  maintenanceDefaults,
  maintenanceFieldOf,
  maintenanceFields,
  maintenanceForm,
  storedSwitches,
  switchFormOf,
  switchIntentOf,
  toMaintenance,
  utcOffset,
} from "~/forms/ops/switches";
import { translate } from "~/lib/messages";
import { opsLoader } from "~/loaders/ops.server";
import { type SwitchKey, getSwitches, setSwitch, switchKeys } from "~/services/admin.server";
import type { Maintenance } from "~/services/site-config";

export const loader = (args: LoaderFunctionArgs) =>
  opsLoader(args, "ops-switches", async (ops) => ({
    saved: switchKeys.find((k) => k === ops.site.url.searchParams.get("saved")) ?? null,
    ...storedSwitches(await getSwitches(ops.token)),
  }));

export const meta = opsMeta;

/** The form field an admin refusal of a switch's value is about. */
const formFieldOf = (key: SwitchKey, field: string | undefined) => (key === "maintenance" ? (maintenanceFieldOf[field ?? ""] ?? null) : listSwitches[key].field);

interface SwitchReply {
  intent: SwitchIntent | null;
  lastResult: SubmissionResult<string[]> | null;
  saved: SwitchKey | null;
  preview: Maintenance | null;
  /** The platform's own words for a refusal (technical, shown as is). */
  detail: string | null;
  /** A refusal of the whole request (an unknown intent): a dictionary key. */
  refusal: string | null;
}
const noReply: SwitchReply = { intent: null, lastResult: null, saved: null, preview: null, detail: null, refusal: null };

export const action = (args: ActionFunctionArgs) =>
  opsAction(
    args,
    switchFormOf,
    async ({ ctx: ops, value, submission, request }) => {
      const tz = ops.site.config.defaultTimeZone;
      const reply = (body: Partial<SwitchReply>, status = 200) => data({ ...noReply, intent: value.intent === "unknown" ? null : value.intent, ...body } satisfies SwitchReply, { status });
      const save = async (key: SwitchKey, stored: unknown) => {
        const saved = await adminCall(setSwitch(ops.token, key, stored), { fields: (field, code) => (code === "invalid_value" ? formFieldOf(key, field) : null) });
        if (!saved.ok) return reply({ lastResult: refusedReply(submission, saved.refusal), detail: saved.refusal.detail }, saved.refusal.status);
        return changed(request, `/ops/switches?saved=${key}#${key}`, { ...noReply, intent: key, lastResult: submission.reply(), saved: key } satisfies SwitchReply);
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
        const intent = switchIntentOf(formData);
        return { ...noReply, intent, lastResult: intent ? lastResult : null, refusal: intent ? null : "ops.errors.badRequest" };
      },
    },
  );

/** One switch's form: posted through its fetcher (JavaScript) or as a plain form, and its answer. */
function useSwitch(mine: readonly SwitchIntent[], key: SwitchKey) {
  const fetcher = useFetcher<typeof action>();
  const page = useActionData<typeof action>();
  const { saved } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const result = [fetcher.data, page].find((r) => r?.intent && mine.includes(r.intent));
  const isSaved = result ? result.saved === key : saved === key;
  return { fetcher, result, saved: isSaved ? t("ops.switches.saved") : null };
}

function MaintenanceSwitch() {
  const { t } = useTranslation();
  const { tz } = useOpsShell();
  const current = useLoaderData<typeof loader>().maintenance;
  const { fetcher, result, saved } = useSwitch(["maintenance", "previewMaintenance"], "maintenance");
  // The preview follows the inputs as they change (JavaScript); without it, the Preview button.
  const [draft, setDraft] = useState<Maintenance | null>(null);
  const onChange = (form: HTMLFormElement) => {
    const parsed = maintenanceForm.safeParse(Object.fromEntries([...new FormData(form)].filter(([, x]) => x !== "")));
    if (parsed.success) setDraft(toMaintenance(parsed.data, tz));
  };
  const v = current.value;
  return (
    <OpsSection id="maintenance" title={t("ops.switches.maintenance.title")} hint={t("ops.switches.maintenance.hint")} wide aside={<MaintenancePreview value={draft ?? result?.preview ?? v} />}>
      <OpsRecordForm
        id="maintenance-form"
        look="plain"
        fetcher={fetcher}
        schema={maintenanceForm}
        fields={maintenanceFields}
        defaultValue={maintenanceDefaults(v, tz)}
        lastResult={result?.lastResult}
        detail={result?.detail}
        record={{ entity: "switch", id: "maintenance", changedBy: current.updatedBy, changedAt: current.updatedAt, current: <MaintenanceSummary value={v} /> }}
        lead={
          <>
            <p className={`badge ${v.isActive ? "badge--rejected" : "badge--answered"}`}>{t(v.isActive ? "ops.switches.maintenance.isOn" : "ops.switches.maintenance.isOff")}</p>
            <p id={MAINTENANCE_TZ_NOTE} className="field__hint ops-tz">
              {t("ops.switches.maintenance.timeZone", { offset: utcOffset(tz) })}
            </p>
          </>
        }
        saved={saved}
        onChange={onChange}
        buttons={[
          { intent: "maintenance", label: "ops.switches.save" },
          { intent: "previewMaintenance", label: "ops.switches.preview.button", tone: "ghost", noValidate: true },
        ]}
      />
    </OpsSection>
  );
}

/** A switch edited as one text: feature numbers, paths or hosts. */
function ListSwitch({ id }: { id: ListSwitchKey }) {
  const { t } = useTranslation();
  const current = useLoaderData<typeof loader>()[id];
  const { fetcher, result, saved } = useSwitch([id], id);
  const list = listSwitches[id];
  return (
    <OpsSection id={id} title={t(`ops.switches.${id}.title`)} hint={t(`ops.switches.${id}.hint`)}>
      <OpsRecordForm
        id={`${id}-form`}
        look="plain"
        fetcher={fetcher}
        schema={list.schema}
        fields={list.fields}
        defaultValue={{ [list.field]: current.value.join(list.joiner) }}
        lastResult={result?.lastResult}
        detail={result?.detail}
        record={{
          entity: "switch",
          id,
          changedBy: current.updatedBy,
          changedAt: current.updatedAt,
          current: (
            <p>
              <span className="muted">{t("ops.switches.current")}</span> <code className="mono ops-break">{JSON.stringify(current.value)}</code>
            </p>
          ),
        }}
        saved={saved}
        buttons={[{ intent: id, label: "ops.switches.save" }]}
      />
    </OpsSection>
  );
}

export default function Switches() {
  const refused = useActionData<typeof action>()?.refusal;
  const { t } = useTranslation();
  return (
    <OpsPage id="switches" title={t("ops.switches.title")} intro={t("ops.switches.intro")} notices={[refused ? { text: translate(t, refused), tone: "alert" } : null]}>
      <MaintenanceSwitch />
      <div className="ops-switches">
        {(Object.keys(listSwitches) as ListSwitchKey[]).map((id) => (
          <ListSwitch key={id} id={id} />
        ))}
      </div>
    </OpsPage>
  );
}
