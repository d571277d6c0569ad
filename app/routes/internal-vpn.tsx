import type { MetaFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { StatusPage } from "~/components/StatusPage";
import { pageLoader } from "~/loaders/guards.server";
import { routeSeo } from "~/loaders/seo.server";
import { seoMeta } from "~/seo";

export const loader = (args: LoaderFunctionArgs) =>
  pageLoader(args, "internal-vpn", async (ctx) => ({ seo: await routeSeo(ctx), lng: ctx.site.lng }));
export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

/** For staff who reached an internal address without the company VPN. */
export default function InternalVpn() {
  const { t } = useTranslation();
  return (
    <StatusPage icon="shield" tone="info" title={t("internalVpn.title")}>
      <p>{t("internalVpn.text")}</p>
      <p>{t("internalVpn.hint")}</p>
    </StatusPage>
  );
}
