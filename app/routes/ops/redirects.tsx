import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useFetcher, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { z } from "zod";
import { opsAction } from "~/forms/action.server";
import { listQuery } from "~/forms/ops";
import { opsTitle, requireOps } from "~/loaders/ops.server";
import { safeReturnPath } from "~/lib/return-to.server";
import { type RedirectRule, adminError, listRedirectRules, setRedirectRuleActive } from "~/services/admin.server";
import { Pager } from "~/components/Pager";

const PAGE_SIZE = 50;

export async function loader(args: LoaderFunctionArgs) {
  const ops = await requireOps(args);
  const query = listQuery.parse(Object.fromEntries(ops.site.url.searchParams));
  const list = await listRedirectRules(ops.token, { ...query, pageSize: PAGE_SIZE });
  return { list, query, title: await opsTitle(ops.site, "ops-redirects"), saved: ops.site.url.searchParams.get("saved") };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }, { name: "robots", content: "noindex, nofollow" }];

const toggleForm = z.object({ id: z.coerce.number().int().positive(), active: z.enum(["true", "false"]), back: z.string().optional() });

/** Activating or deactivating a rule from the list (inline with JavaScript, a reload without). */
export const action = (args: ActionFunctionArgs) =>
  opsAction(
    args,
    toggleForm,
    async ({ ctx: ops, value }) => {
      try {
        await setRedirectRuleActive(ops.token, value.id, value.active === "true");
      } catch (error) {
        const refused = adminError(error);
        if (!refused) throw error;
        return data({ error: refused.code === "rate_limited" ? "ops.errors.rateLimited" : "ops.errors.refused" }, { status: 400 });
      }
      if (args.request.headers.get("accept")?.includes("text/html")) {
        throw redirect(safeReturnPath(value.back, "/ops/redirects"));
      }
      return data({ error: null as string | null });
    },
    { invalid: () => ({ error: "ops.errors.badRequest" as string | null }) },
  );

function ActiveToggle({ rule, back }: { rule: RedirectRule; back: string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<typeof action>();
  // Shown as already switched while the change is on its way.
  const active = fetcher.formData ? fetcher.formData.get("active") === "true" : rule.active;
  return (
    <fetcher.Form method="post" className="inline-form">
      <AuthenticityTokenInput />
      <input type="hidden" name="id" value={rule.id} />
      <input type="hidden" name="active" value={String(!active)} />
      <input type="hidden" name="back" value={back} />
      <button type="submit" className={`switch ${active ? "switch--on" : ""}`} aria-pressed={active} aria-label={t(active ? "ops.redirects.deactivate" : "ops.redirects.activate", { source: rule.source })}>
        {t(active ? "ops.redirects.active" : "ops.redirects.inactive")}
      </button>
      {fetcher.data?.error ? (
        <span className="field__error" role="alert">
          {t(fetcher.data.error)}
        </span>
      ) : null}
    </fetcher.Form>
  );
}

export default function Redirects() {
  const { list, query, saved } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const { t } = useTranslation();
  const back = `/ops/redirects${params.toString() ? `?${params}` : ""}`;
  return (
    <section aria-labelledby="redirects-title" className="ops-page">
      <div className="ops-page__head">
        <h1 id="redirects-title" className="page-title">
          {t("ops.redirects.title")}
        </h1>
        <Link to="/ops/redirects/new" className="button button--primary">
          {t("ops.redirects.new")}
        </Link>
      </div>
      {saved ? (
        <p className="form__info" role="status">
          {t("ops.redirects.saved", { id: saved })}
        </p>
      ) : null}
      <Form method="get" className="ops-filters" role="search">
        <label className="field">
          <span className="field__label">{t("ops.redirects.search")}</span>
          <input name="q" defaultValue={query.q} type="search" />
        </label>
        <label className="field">
          <span className="field__label">{t("ops.redirects.source")}</span>
          <input name="source" defaultValue={query.source} />
        </label>
        <label className="field">
          <span className="field__label">{t("ops.redirects.target")}</span>
          <input name="target" defaultValue={query.target} />
        </label>
        <label className="field">
          <span className="field__label">{t("ops.redirects.code")}</span>
          <select name="code" defaultValue={query.code ?? ""}>
            <option value="">{t("ops.redirects.any")}</option>
            {["301", "302", "307", "308"].map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">{t("ops.redirects.state")}</span>
          <select name="active" defaultValue={query.active ?? ""}>
            <option value="">{t("ops.redirects.any")}</option>
            <option value="true">{t("ops.redirects.active")}</option>
            <option value="false">{t("ops.redirects.inactive")}</option>
          </select>
        </label>
        <button type="submit" className="button button--primary">
          {t("ops.redirects.filter")}
        </button>
      </Form>
      <p className="muted">{t("ops.redirects.count", { count: list.total })}</p>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t("ops.redirects.source")}</th>
              <th scope="col">{t("ops.redirects.target")}</th>
              <th scope="col">{t("ops.redirects.code")}</th>
              <th scope="col">{t("ops.redirects.languages")}</th>
              <th scope="col">{t("ops.redirects.priority")}</th>
              <th scope="col">{t("ops.redirects.state")}</th>
              <th scope="col">{t("ops.redirects.changed")}</th>
            </tr>
          </thead>
          <tbody>
            {list.items.map((rule) => (
              <tr key={rule.id} className={rule.active ? undefined : "table__row--muted"}>
                <td>
                  <Link to={`/ops/redirects/${rule.id}`} className="mono">
                    {rule.source}
                  </Link>
                  {rule.note ? <div className="muted small">{rule.note}</div> : null}
                </td>
                <td className="mono">{rule.target}</td>
                <td>{rule.code}</td>
                <td>{rule.languages?.join(", ") ?? t("ops.redirects.allLanguages")}</td>
                <td>{rule.priority}</td>
                <td>
                  <ActiveToggle rule={rule} back={back} />
                </td>
                <td className="small muted">
                  {rule.updated_by ?? rule.created_by} · {rule.updated_at.slice(0, 16).replace("T", " ")}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager path="/ops/redirects" page={list.page} total={list.total} pageSize={list.pageSize} drop={["saved"]} />
    </section>
  );
}
