import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useFetcher, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { OpsPage, OpsSection, opsMeta } from "~/components/ops";
import { adminCall } from "~/forms/ops/answers.server";
import { MAX_TRY_URL_LENGTH } from "~/forms/ops/redirects";
import { isCyclicRedirect, isRedirectTargetAllowed } from "~/loaders/guard-rules";
import { opsLoader } from "~/loaders/ops.server";
import { tryRedirect } from "~/services/admin.server";

/** How long typing must pause before the answer is fetched (with JavaScript). */
const TYPING_PAUSE_MS = 300;

/** What the site itself does with redirect-light's answer (its own checks come after it). */
type Verdict = "none" | "redirect" | "loop" | "external";

/**
 * "Try a URL": exactly what redirect-light answers for a URL, and the chain it follows. A GET
 * form (works without JavaScript); with JavaScript the answer follows the typing.
 */
export const loader = (args: LoaderFunctionArgs) =>
  opsLoader(args, "ops-redirect-try", async (ops) => {
    const url = (ops.site.url.searchParams.get("url") ?? "").trim();
    const empty = { url, answer: null, verdict: null as Verdict | null, error: null as string | null, detail: null as string | null };
    if (!url) return empty;
    if (url.length > MAX_TRY_URL_LENGTH) return { ...empty, error: "ops.try.tooLong" };
    const tried = await adminCall(tryRedirect(ops.token, url));
    if (!tried.ok) return { ...empty, error: tried.refusal.code === "rate_limited" ? tried.refusal.key : "ops.try.invalidUrl", detail: tried.refusal.detail };
    return { ...empty, answer: tried.value, verdict: siteVerdict(tried.value, url, ops.site.url, ops.site.config.redirectAllowedHosts) };
  });

function siteVerdict(answer: { redirect: boolean; url: string | null; reasons: string[] }, tried: string, here: URL, allowedHosts: string[]): Verdict {
  if (!answer.redirect || !answer.url) return "none";
  let current: URL;
  try {
    current = new URL(tried, here.origin);
  } catch {
    current = here;
  }
  if (isCyclicRedirect(answer, current)) return "loop";
  // A URL of another origin typed in counts as "this site" for the check, as it would there.
  if (!isRedirectTargetAllowed(answer.url, current, allowedHosts)) return "external";
  return "redirect";
}

export const meta = opsMeta;

type TryData = Awaited<ReturnType<typeof loader>>;

/** "rule 12: /a -> /b" names the rule it came from; link it. */
function ReasonText({ reason }: { reason: string }) {
  const { t } = useTranslation();
  const rule = /^rule (\d+):/.exec(reason);
  if (reason === "loop") return <span className="field__error">{t("ops.try.reasonLoop")}</span>;
  if (reason === "max_hops") return <span className="field__error">{t("ops.try.reasonMaxHops")}</span>;
  return (
    <>
      <span className="mono">{reason}</span>
      {rule ? (
        <>
          {" "}
          <Link to={`/ops/redirects/${rule[1]}`} className="small">
            {t("ops.try.openRule", { id: rule[1] })}
          </Link>
        </>
      ) : null}
    </>
  );
}

function Answer({ data }: { data: TryData }) {
  const { t } = useTranslation();
  if (data.error) {
    return (
      <div className="notice notice--danger" role="alert">
        <div className="notice__text">
          <p>{t(data.error)}</p>
          {data.detail ? <p className="mono small">{data.detail}</p> : null}
        </div>
      </div>
    );
  }
  const answer = data.answer;
  if (!answer) return <p className="muted">{t("ops.try.empty")}</p>;
  const steps = answer.breadcrumbs.slice(1).map((to, i) => ({ from: answer.breadcrumbs[i]!, to, reason: answer.reasons[i] }));
  const extra = answer.reasons.slice(steps.length);
  const verdictTone = data.verdict === "redirect" ? "notice--success" : data.verdict === "none" ? "notice--info" : "notice--danger";
  return (
    <div className="ops-try__answer">
      <div className={`notice ${verdictTone}`} data-testid="try-verdict">
        <p className="notice__text">
          {t(`ops.try.verdict.${data.verdict ?? "none"}`, { code: answer.code, url: answer.url })}
        </p>
      </div>
      <div className="ops-try__grid">
        <OpsSection id="try-answer" title={t("ops.try.answerTitle")}>
          <dl className="ops-dl">
            <dt>redirect</dt>
            <dd>
              <span className={`badge ${answer.redirect ? "badge--answered" : ""}`}>{String(answer.redirect)}</span>
            </dd>
            <dt>code</dt>
            <dd className="mono">{answer.code ?? "null"}</dd>
            <dt>url</dt>
            <dd className="mono ops-break">{answer.url ?? "null"}</dd>
            <dt>reasons</dt>
            <dd>
              {answer.reasons.length ? (
                <ul className="ops-list">
                  {answer.reasons.map((r, i) => (
                    <li key={i}>
                      <ReasonText reason={r} />
                    </li>
                  ))}
                </ul>
              ) : (
                <span className="mono">[]</span>
              )}
            </dd>
            <dt>breadcrumbs</dt>
            <dd>
              <ul className="ops-list">
                {answer.breadcrumbs.map((b, i) => (
                  <li key={i} className="mono ops-break">
                    {b}
                  </li>
                ))}
              </ul>
            </dd>
          </dl>
          <details>
            <summary>{t("ops.try.raw")}</summary>
            <pre className="ops-json">{JSON.stringify(answer, null, 2)}</pre>
          </details>
        </OpsSection>
        <OpsSection id="try-chain" title={t("ops.try.chainTitle")}>
          {steps.length ? (
            <ol className="ops-chain">
              {steps.map((step, i) => (
                <li key={i} className="ops-chain__step">
                  <span className="ops-chain__n">{t("ops.try.step", { n: i + 1 })}</span>
                  <span className="mono ops-break">{step.from}</span>
                  <span aria-hidden="true">→</span>
                  <span className="mono ops-break">{step.to}</span>
                  {step.reason ? (
                    <span className="ops-chain__why small muted">
                      <ReasonText reason={step.reason} />
                    </span>
                  ) : null}
                </li>
              ))}
            </ol>
          ) : (
            <p className="muted">{t("ops.try.noChain")}</p>
          )}
          {extra.map((r) => (
            <p key={r}>
              <ReasonText reason={r} />
            </p>
          ))}
        </OpsSection>
      </div>
    </div>
  );
}

export default function TryUrl() {
  const loaded = useLoaderData<typeof loader>();
  const fetcher = useFetcher<typeof loader>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const [value, setValue] = useState(loaded.url);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  // A plain submit (Enter) navigates: the loader's answer is the newest then.
  useEffect(() => setValue(loaded.url), [loaded.url]);

  const onType = (next: string) => {
    setValue(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => fetcher.load(`/ops/try?url=${encodeURIComponent(next.trim())}`), TYPING_PAUSE_MS);
  };
  const shown: TryData = fetcher.data && fetcher.data.url === value.trim() ? fetcher.data : loaded.url === value.trim() ? loaded : (fetcher.data ?? loaded);
  const busy = fetcher.state !== "idle" || navigation.state !== "idle";

  return (
    <OpsPage id="try" title={t("ops.try.title")} intro={t("ops.try.intro")}>
      <Form method="get" className="ops-try__form card" role="search">
        <div className="field">
          <label htmlFor="try-url" className="field__label">
            {t("ops.try.url")}
          </label>
          <input
            id="try-url"
            name="url"
            value={value}
            onChange={(e) => onType(e.currentTarget.value)}
            className="mono"
            placeholder="/ru/promo/summer?utm=1"
            autoComplete="off"
            spellCheck={false}
            maxLength={MAX_TRY_URL_LENGTH}
            aria-describedby="try-hint"
          />
          <span id="try-hint" className="field__hint">
            {t("ops.try.hint")}
          </span>
        </div>
        <button type="submit" className="button button--primary">
          {t("ops.try.submit")}
        </button>
      </Form>
      <div aria-live="polite" aria-busy={busy} className={busy ? "ops-try__result ops-try__result--busy" : "ops-try__result"}>
        <Answer data={shown} />
      </div>
    </OpsPage>
  );
}
