import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { z } from "zod";
import { formatMoney } from "~/coupon/amount-input";
import { couponViews } from "~/coupon/coupon-view.server";
import { opsAction } from "~/forms/action.server";
import { formatDateTime } from "~/lib/format";
import { opsTitle, requireOps } from "~/loaders/ops.server";
import { adminError, adminErrorKey, decideVipCoupon, listVipCoupons } from "~/services/admin.server";

// VIP bets waiting for approval (SPEC §5, decision 035): operations staff approve a coupon (its
// held stake is taken and the bet opens) or reject it (the hold is released). The platform
// checks the ops role, takes each decision once and audits it.

const PAGE_SIZE = 25;
const pageQuery = z.coerce.number().int().min(1).max(100_000).catch(1);

export async function loader(args: LoaderFunctionArgs) {
  const ops = await requireOps(args);
  const params = ops.site.url.searchParams;
  const [list, title] = await Promise.all([listVipCoupons(ops.token, { page: pageQuery.parse(params.get("page") ?? 1), pageSize: PAGE_SIZE }), opsTitle(ops.site, "ops-vip-bets")]);
  const named = await couponViews(list.items, ops.site.lng);
  const coupons = named.map((view, i) => ({ ...view, bettor: list.items[i]!.bettor }));
  const done = /^(approve|reject)$/.test(params.get("done") ?? "") && /^\d{1,15}$/.test(params.get("id") ?? "") ? { decision: params.get("done")!, id: params.get("id")! } : null;
  return { title, coupons, total: list.total, lng: ops.site.lng, tz: ops.site.config.defaultTimeZone, done };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }, { name: "robots", content: "noindex, nofollow" }];

const decisionForm = z.object({ intent: z.enum(["approve", "reject"]), couponId: z.string().regex(/^\d{1,15}$/).transform(Number) });
type Reply = { couponId: number | null; error: string | null; detail: string | null };

export const action = (args: ActionFunctionArgs) =>
  opsAction(
    args,
    decisionForm,
    async ({ ctx: ops, value }) => {
      try {
        await decideVipCoupon(ops.token, value.couponId, value.intent);
      } catch (error) {
        const refused = adminError(error);
        if (!refused) throw error;
        return data({ couponId: value.couponId, error: adminErrorKey(refused.code), detail: refused.message } satisfies Reply, { status: refused.code === "rate_limited" ? 429 : 409 });
      }
      throw redirect(`/ops/vip-bets?done=${value.intent}&id=${value.couponId}`);
    },
    { invalid: (): Reply => ({ couponId: null, error: "ops.errors.badRequest", detail: null }) },
  );

export default function VipBets() {
  const { coupons, total, lng, tz, done } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as Reply | undefined;
  const busy = useNavigation().state !== "idle";
  const { t } = useTranslation();
  return (
    <section className="ops-page" aria-labelledby="vip-bets-title">
      <h1 id="vip-bets-title" className="page-title">
        {t("ops.vipBets.title")}
      </h1>
      <p className="muted">{t("ops.vipBets.intro")}</p>
      {done ? (
        <p className="notice notice--success" role="status" data-testid="vip-done">
          {t(done.decision === "approve" ? "ops.vipBets.approved" : "ops.vipBets.rejected", { number: done.id })}
        </p>
      ) : null}
      {/* A refusal about a coupon no longer listed (decided meanwhile) shows above the list. */}
      {reply?.error && !coupons.some((c) => c.id === reply.couponId) ? (
        <p className="field__error" role="alert">
          {t(reply.error)}
          {reply.couponId !== null ? ` (${t("bets.couponNumber", { number: reply.couponId })})` : null}
        </p>
      ) : null}
      <p>{t("ops.vipBets.total", { total })}</p>
      {coupons.length === 0 ? <p className="muted">{t("ops.vipBets.none")}</p> : null}
      {coupons.map((c) => {
        const money = (amount: number) => formatMoney(amount, c.exponent, c.currency, lng);
        return (
          <article key={c.id} className="card ops-vip" aria-labelledby={`vip-${c.id}`} data-testid="vip-coupon" data-coupon-id={c.id}>
            <h2 id={`vip-${c.id}`} className="ops-vip__title">
              {t("bets.couponNumber", { number: c.number })}
            </h2>
            <dl className="ops-vip__facts">
              <dt>{t("ops.vipBets.bettor")}</dt>
              <dd>{c.bettor}</dd>
              <dt>{t("bets.placedAt")}</dt>
              <dd>{formatDateTime(c.createdAt, lng, tz)}</dd>
              <dt>{t("bets.amount")}</dt>
              <dd data-testid="vip-amount">{money(c.amount)}</dd>
              <dt>{t("coupon.totalCoef")}</dt>
              <dd>{c.coef.toFixed(2)}</dd>
              <dt>{t("coupon.possibleWin")}</dt>
              <dd>{money(c.possibleWin)}</dd>
            </dl>
            <ul className="ops-vip__bets">
              {c.selections.map((s) => (
                <li key={s.outcomeId}>
                  {s.game}: {s.market ? `${s.market}: ` : ""}
                  {s.outcome} — {s.coef.toFixed(2)}
                </li>
              ))}
            </ul>
            <Form method="post" className="form--row">
              <AuthenticityTokenInput />
              <input type="hidden" name="couponId" value={c.id} />
              <button type="submit" name="intent" value="approve" className="button button--primary" disabled={busy}>
                {t("ops.vipBets.approve")}
              </button>
              <button type="submit" name="intent" value="reject" className="button button--danger" disabled={busy}>
                {t("ops.vipBets.reject")}
              </button>
            </Form>
            {reply?.error && reply.couponId === c.id ? (
              <p className="field__error" role="alert">
                {t(reply.error)} {reply.detail ? <span className="muted small">({reply.detail})</span> : null}
              </p>
            ) : null}
          </article>
        );
      })}
    </section>
  );
}
