import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { StatusPage } from "~/components/StatusPage";
import { type BlockPage, blockPages, blockReasonFitsPage } from "~/loaders/guard-rules";
import { pageLoader } from "~/loaders/guards.server";
import { routeSeo } from "~/loaders/seo.server";
import { seoMeta } from "~/seo";

/** The page each block reason leads to, with its dictionary section and icon. */
const pages: Record<BlockPage, { keys: string; icon: "block" | "clock" | "tools" | "browser" | "shield"; tone: "danger" | "warning" | "info" }> = {
  block: { keys: "block", icon: "block", tone: "danger" },
  "block-ua": { keys: "blockUa", icon: "browser", tone: "warning" },
  "block-ie": { keys: "blockIe", icon: "browser", tone: "warning" },
  "site-updates": { keys: "siteUpdates", icon: "tools", tone: "info" },
  "coming-soon": { keys: "comingSoon", icon: "clock", tone: "info" },
  suspension: { keys: "suspension", icon: "shield", tone: "danger" },
};

/**
 * One module for the six block pages. The reason travels in `?reason=`; a block page visited
 * without a reason that leads to it goes to the language root (SPEC §4).
 */
export async function loader(args: LoaderFunctionArgs) {
  const segment = new URL(args.request.url).pathname.replace(/\.data$/, "").split("/").pop() as BlockPage;
  const page = blockPages.includes(segment) ? segment : "block";
  return pageLoader(args, page, async (ctx) => {
    const raw = ctx.site.url.searchParams.get("reason");
    const reason = raw && /^\d{1,4}$/.test(raw) ? Number(raw) : null;
    if (!blockReasonFitsPage(page, reason)) throw redirect(`/${ctx.site.lng}`);
    return { page, reason, lng: ctx.site.lng, seo: await routeSeo(ctx) };
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

export default function BlockPageView() {
  const { page, reason, lng } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const view = pages[page];
  return (
    <StatusPage
      icon={view.icon}
      tone={view.tone}
      title={t(`${view.keys}.title`)}
      code={t("block.reasonCode", { reason })}
      actions={
        page === "block-ie" || page === "block-ua" ? (
          <a className="button button--primary" href={`/${lng}/oldbrowser`}>
            {t("blockIe.browsers")}
          </a>
        ) : page === "coming-soon" ? (
          <a className="button button--primary" href={`/${lng}`}>
            {t("errors.backHome")}
          </a>
        ) : null
      }
    >
      <p>{t(`${view.keys}.text`)}</p>
      <p>{t(`${view.keys}.hint`)}</p>
    </StatusPage>
  );
}
