import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { StatusPage } from "~/components/StatusPage";
import { pageLoader } from "~/loaders/guards.server";
import { routeSeo } from "~/loaders/seo.server";
import { seoMeta } from "~/seo";

/**
 * The mobile and desktop pages: which version of the site to use. The links set
 * platform_type, which the platform-type guard reads (mobile goes to the mobile site).
 */
export async function loader(args: LoaderFunctionArgs) {
  const variant = new URL(args.request.url).pathname.replace(/\.data$/, "").endsWith("/mobile") ? "mobile" : "desktop";
  return pageLoader(args, variant, async (ctx) => ({ variant, lng: ctx.site.lng, seo: await routeSeo(ctx) }));
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

export default function Apps() {
  const { variant, lng } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <StatusPage
      icon={variant === "mobile" ? "phone" : "browser"}
      tone="info"
      title={t(variant === "mobile" ? "apps.mobileTitle" : "apps.desktopTitle")}
      actions={
        variant === "mobile" ? (
          <>
            <a className="button button--primary" href={`/${lng}?platform_type=mobile`}>
              {t("apps.openMobile")}
            </a>
            <a className="button button--ghost" href={`/${lng}/desktop?platform_type=desktop`}>
              {t("apps.stayDesktop")}
            </a>
          </>
        ) : (
          <a className="button button--primary" href={`/${lng}?platform_type=desktop`}>
            {t("apps.useDesktop")}
          </a>
        )
      }
    >
      <p>{t(variant === "mobile" ? "apps.mobileText" : "apps.desktopText")}</p>
    </StatusPage>
  );
}
