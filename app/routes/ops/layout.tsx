import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { type ClientLoaderFunctionArgs, NavLink, Outlet, type ShouldRevalidateFunction, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Logo } from "~/components/Logo";
import type { OpsShell } from "~/components/ops";
import { ensureDictionaryPart } from "~/i18n/browser-dictionary";
import type { DictionaryPart } from "~/i18n/languages";
import { ShellError, shellErrorMeta } from "~/components/ShellError";
import { requireOps } from "~/loaders/ops.server";
import { type RootData, useRootData } from "~/components/root-data";

/** The ops console's shell. Anyone without the ops role gets the site's ordinary 404. */
export async function loader(args: LoaderFunctionArgs) {
  const { user, site } = await requireOps(args);
  return { name: user.name ?? String(user.id), lng: site.lng, tz: site.config.defaultTimeZone } satisfies OpsShell;
}

// The console's texts are a dictionary part of their own (`ops`): the site's pages never load it.
export const handle = { i18n: "ops" satisfies DictionaryPart };

/**
 * A client-side navigation into the console from a site page finds the part missing: it loads
 * with the layout's data. Within the console the layout's data (who is signed in) stays, so only
 * a first entry and a revalidation after an action run this, and other navigations keep to one
 * request (a route with a client loader is fetched on its own).
 */
export async function clientLoader({ serverLoader }: ClientLoaderFunctionArgs) {
  const [data] = await Promise.all([serverLoader<typeof loader>(), ensureDictionaryPart("ops")]);
  return data;
}

export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) =>
  !formMethod && currentUrl.pathname.startsWith("/ops") && nextUrl.pathname.startsWith("/ops") ? false : defaultShouldRevalidate;

export const meta: MetaFunction = (args) => (args.error ? shellErrorMeta(args) : [{ name: "robots", content: "noindex, nofollow" }]);

const sections = [
  { to: "/ops/redirects", key: "ops.nav.redirects" },
  { to: "/ops/try", key: "ops.nav.try" },
  { to: "/ops/transfer", key: "ops.nav.transfer" },
  { to: "/ops/switches", key: "ops.nav.switches" },
  { to: "/ops/blocks", key: "ops.nav.blocks" },
  { to: "/ops/vip-bets", key: "ops.nav.vipBets" },
  { to: "/ops/audit", key: "ops.nav.audit" },
] as const;

export default function OpsLayout() {
  const { name } = useLoaderData<typeof loader>();
  const root = useRootData() as RootData;
  const { t } = useTranslation();
  return (
    <div className="ops">
      <header className="ops__bar">
        <a href={`/${root.lng}`} className="ops__brand">
          <Logo company={root.companyName} />
          <span className="ops__badge">{t("ops.title")}</span>
        </a>
        <span className="ops__user">{t("ops.signedInAs", { name })}</span>
      </header>
      <div className="ops__body">
        <nav className="ops__nav" aria-label={t("ops.title")}>
          {sections.map((s) => (
            <NavLink key={s.to} to={s.to} className="ops__nav-link">
              {t(s.key)}
            </NavLink>
          ))}
        </nav>
        <main id="content" className="ops__main">
          <Outlet />
        </main>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <ShellError root={useRootData() as RootData} />;
}
