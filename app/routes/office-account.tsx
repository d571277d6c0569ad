import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { OfficeShell } from "~/components/office/OfficeShell";
import { PaymentTable } from "~/components/office/PaymentRow";
import { formatMoney } from "~/coupon/amount-input";
import { currencyDefaults } from "~/coupon/currency-defaults";
import { pageLoader } from "~/loaders/guards.server";
import { paymentRows } from "~/loaders/payments.server";
import { routeSeo } from "~/loaders/seo.server";
import { seoMeta } from "~/seo";
import { getBalance } from "~/services/bets.server";
import { getPaymentHistory } from "~/services/payments.server";
import { officeStyles } from "~/styles/stylesheets";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: officeStyles }];
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** SPEC §3 account types. */
const TYPE_KEYS: Record<number, "main" | "bonus" | "currency"> = { 0: "main", 4: "bonus", 9: "currency" };
const RECENT = 5;

/**
 * /{lng}/office/account (SPEC §2, §3 Account state): the bettor's accounts with their money, what
 * is reserved (withdrawals awaiting the provider, live bets in their delay) and what can be spent,
 * the way to deposit and withdraw, and the latest payments.
 */
export const loader = (args: LoaderFunctionArgs) =>
  pageLoader(args, "office-account", async (ctx) => {
    const token = ctx.user!.token;
    const [balance, history] = await Promise.all([
      getBalance(token, args.request.signal),
      getPaymentHistory(token, { includeArchive: false, page: 1 }, args.request.signal),
    ]);
    const accounts = balance.accounts.map((a) => ({
      id: a.id,
      type: TYPE_KEYS[a.type] ?? "currency",
      currency: a.iso,
      exponent: currencyDefaults(a.iso).exponent,
      money: a.money,
      available: a.available,
      reserved: a.pending,
      isActive: a.id === balance.activeAccountId,
      isFrozen: a.isFrozen,
      label: a.label,
    }));
    return data(
      { lng: ctx.site.lng, seo: await routeSeo(ctx), accounts, recent: paymentRows(history.entities.slice(0, RECENT), ctx.site.lng), paymentsTotal: history.total },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  });

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

export default function AccountPage() {
  const { lng, accounts, recent, paymentsTotal } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <OfficeShell lng={lng} title={t("office.account.title")}>
      <ul className="accounts">
        {accounts.map((a) => {
          const money = (minor: number) => formatMoney(minor, a.exponent, a.currency, lng);
          return (
            <li key={a.id} className={a.isActive ? "account-card account-card--active" : "account-card"} data-testid="account-card">
              <div className="account-card__head">
                <span className="account-card__type">{a.label || t(`office.account.types.${a.type}`)}</span>
                <span className="account-card__id">{t("office.account.number", { id: a.id })}</span>
                {a.isActive ? <span className="status-badge status-badge--success">{t("office.account.active")}</span> : null}
                {a.isFrozen ? <span className="status-badge status-badge--danger">{t("office.account.frozen")}</span> : null}
              </div>
              <p className="account-card__money" data-testid="account-money">
                {money(a.money)}
              </p>
              <dl className="account-card__figures">
                <div>
                  <dt>{t("office.account.available")}</dt>
                  <dd data-testid="account-available">{money(a.available)}</dd>
                </div>
                <div>
                  <dt>{t("office.account.reserved")}</dt>
                  <dd>{money(a.reserved)}</dd>
                </div>
              </dl>
              {a.type === "main" ? (
                <div className="account-card__actions">
                  <a className="button button--primary" href={`/${lng}/office/recharge`}>
                    {t("office.deposit")}
                  </a>
                  <a className="button button--ghost" href={`/${lng}/office/deduce`}>
                    {t("office.withdraw")}
                  </a>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      <section className="office-section" aria-labelledby="recent-payments">
        <div className="office-section__head">
          <h2 id="recent-payments" className="section-title">
            {t("office.account.recentPayments")}
          </h2>
          {paymentsTotal > 0 ? <a href={`/${lng}/office/historypay`}>{t("office.account.allPayments", { count: paymentsTotal })}</a> : null}
        </div>
        {recent.length ? (
          <PaymentTable payments={recent} lng={lng} caption={t("office.account.recentPayments")} />
        ) : (
          <p className="office-empty">{t("office.account.noPayments")}</p>
        )}
      </section>
    </OfficeShell>
  );
}
