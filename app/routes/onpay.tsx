import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { StatusPage } from "~/components/StatusPage";
import { pageLoader } from "~/loaders/guards.server";
import { routeSeo } from "~/loaders/seo.server";
import { seoMeta } from "~/seo";
import { notFound } from "~/lib/responses.server";

const results = {
  success: { icon: "check", tone: "success" },
  fail: { icon: "cross", tone: "danger" },
  pending: { icon: "clock", tone: "info" },
  cancel: { icon: "cross", tone: "warning" },
} as const;
type Result = keyof typeof results;

/**
 * Where the payment provider sends the player back: onpay/{result} for deposits and
 * onpay/withdraw/{result} for withdrawals. Any other result is a 404.
 */
export async function loader(args: LoaderFunctionArgs) {
  const withdraw = new URL(args.request.url).pathname.includes("/onpay/withdraw/");
  return pageLoader(args, withdraw ? "onpay-withdraw" : "onpay", async (ctx) => {
    const result = args.params.result ?? "";
    if (!(result in results)) throw notFound();
    return { result: result as Result, operation: withdraw ? "withdraw" : "deposit", lng: ctx.site.lng, seo: await routeSeo(ctx) };
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

export default function PaymentReturn() {
  const { result, operation, lng } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const view = results[result];
  return (
    <StatusPage
      icon={view.icon}
      tone={view.tone}
      title={t(`onpay.${operation}.${result}Title`)}
      actions={
        <>
          <a className="button button--primary" href={`/${lng}/office/account`}>
            {t("onpay.toAccount")}
          </a>
          <a className="button button--ghost" href={`/${lng}`}>
            {t("errors.backHome")}
          </a>
        </>
      }
    >
      <p>{t(`onpay.${operation}.${result}Text`)}</p>
    </StatusPage>
  );
}
