import type { MetaFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { StatusPage } from "~/components/StatusPage";
import { pageLoader } from "~/loaders/guards.server";
import { routeSeo } from "~/loaders/seo.server";
import { seoMeta } from "~/seo";

export const loader = (args: LoaderFunctionArgs) =>
  pageLoader(args, "oldbrowser", async (ctx) => ({ seo: await routeSeo(ctx) }));
export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

const browsers = [
  { name: "Google Chrome", href: "https://www.google.com/chrome/" },
  { name: "Mozilla Firefox", href: "https://www.mozilla.org/firefox/" },
  { name: "Microsoft Edge", href: "https://www.microsoft.com/edge" },
  { name: "Safari", href: "https://www.apple.com/safari/" },
  { name: "Opera", href: "https://www.opera.com/" },
];

/** Shown to browsers too old to run the site, with where to get a current one. */
export default function OldBrowser() {
  const { t } = useTranslation();
  return (
    <StatusPage icon="browser" tone="warning" title={t("oldBrowser.title")}>
      <p>{t("oldBrowser.text")}</p>
      <ul className="link-list">
        {browsers.map((b) => (
          <li key={b.name}>
            <a href={b.href} rel="noopener noreferrer">
              {b.name}
            </a>
          </li>
        ))}
      </ul>
    </StatusPage>
  );
}
