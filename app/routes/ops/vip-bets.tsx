import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { OpsListPage, OpsRowError, OpsRowForm, opsMeta, useOpsDate, useOpsShell } from "~/components/ops";
import { formatMoney } from "~/coupon/amount-input";
import { couponViews } from "~/loaders/coupon-view.server";
import { opsAction } from "~/forms/action.server";
import { adminCall, refusedRow } from "~/forms/ops/answers.server";
import { noRowReply } from "~/forms/ops/kit";
import { decisionForm, vipListQuery } from "~/forms/ops/vip-bets";
import { opsLoader, opsQuery } from "~/loaders/ops.server";
import { decideVipCoupon, listVipCoupons } from "~/services/admin.server";

// VIP bets waiting for approval (SPEC §5, decision 035): operations staff approve a coupon (its
// held stake is taken and the bet opens) or reject it (the hold is released). The platform
// checks the ops role, takes each decision once and audits it.

const PAGE_SIZE = 25;

export const loader = (args: LoaderFunctionArgs) =>
  opsLoader(args, "ops-vip-bets", async (ops) => {
    const params = ops.site.url.searchParams;
    const list = await listVipCoupons(ops.token, { page: opsQuery(ops, vipListQuery).page ?? 1, pageSize: PAGE_SIZE });
    const named = await couponViews(list.items, ops.site.lng);
    const items = named.map((view, i) => ({ ...view, bettor: list.items[i]!.bettor }));
    const done = /^(approve|reject)$/.test(params.get("done") ?? "") && /^\d{1,15}$/.test(params.get("id") ?? "") ? { decision: params.get("done")!, id: params.get("id")! } : null;
    return { list: { ...list, items }, done };
  });

export const meta = opsMeta;

export const action = (args: ActionFunctionArgs) =>
  opsAction(
    args,
    decisionForm,
    async ({ ctx: ops, value }) => {
      const decided = await adminCall(decideVipCoupon(ops.token, value.couponId, value.intent), { status: 409 });
      if (!decided.ok) return refusedRow(value.couponId, decided.refusal);
      throw redirect(`/ops/vip-bets?done=${value.intent}&id=${value.couponId}`);
    },
    { invalid: () => ({ ...noRowReply, rowError: "ops.errors.badRequest" }) },
  );

type Coupon = ReturnType<typeof useLoaderData<typeof loader>>["list"]["items"][number];

function VipCoupon({ c }: { c: Coupon }) {
  const { t } = useTranslation();
  const { lng } = useOpsShell();
  const date = useOpsDate();
  const busy = useNavigation().state !== "idle";
  const money = (amount: number) => formatMoney(amount, c.exponent, c.currency, lng);
  return (
    <article className="card ops-vip" aria-labelledby={`vip-${c.id}`} data-testid="vip-coupon" data-coupon-id={c.id}>
      <h2 id={`vip-${c.id}`} className="ops-vip__title">
        {t("bets.couponNumber", { number: c.number })}
      </h2>
      <dl className="ops-vip__facts">
        <dt>{t("ops.vipBets.bettor")}</dt>
        <dd>{c.bettor}</dd>
        <dt>{t("bets.placedAt")}</dt>
        <dd>{date(c.createdAt)}</dd>
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
      <OpsRowForm hidden={{ couponId: c.id }} className="form--row">
        <button type="submit" name="intent" value="approve" className="button button--primary" disabled={busy}>
          {t("ops.vipBets.approve")}
        </button>
        <button type="submit" name="intent" value="reject" className="button button--danger" disabled={busy}>
          {t("ops.vipBets.reject")}
        </button>
      </OpsRowForm>
      <OpsRowError id={c.id} />
    </article>
  );
}

export default function VipBets() {
  const { list, done } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <OpsListPage
      id="vip-bets"
      title={t("ops.vipBets.title")}
      intro={t("ops.vipBets.intro")}
      notices={[done && { text: t(done.decision === "approve" ? "ops.vipBets.approved" : "ops.vipBets.rejected", { number: done.id }), tone: "success", testId: "vip-done" }]}
      count={t("ops.vipBets.total", { total: list.total })}
      list={list}
      card={(c) => <VipCoupon c={c} />}
      cardsClassName="ops-vip-list"
      empty={t("ops.vipBets.none")}
      rowName={(id) => t("bets.couponNumber", { number: id })}
    />
  );
}
