import "~/chunks/shell";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData, useMatches, useRouteLoaderData } from "@remix-run/react";
import { CouponProvider } from "~/components/coupon/CouponProvider";
import { RouteLayout } from "~/components/layouts";
import { ShellError, shellErrorMeta } from "~/components/ShellError";
import { couponSettingsSeed } from "~/coupon/settings-seed.server";
import { couponSeed, displaySettings } from "~/loaders/coupon-seed.server";
import { getSessionUser, hasSessionToken } from "~/loaders/session-user.server";
import { requireSite } from "~/loaders/site.server";
import type { RouteId } from "~/route-ids";
import { leafRouteLayout } from "~/route-layouts";
import { type RootData, useRootData } from "~/components/root-data";
import { displayStyles } from "~/styles/stylesheets";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: displayStyles }];

/** The language segment `/:lng` that every page sits under (decision 022). */
export async function loader(args: LoaderFunctionArgs) {
  const site = await requireSite(args);
  // A bettor's saved display settings come with the session user (loaded once per request).
  const user = hasSessionToken(args.request) ? await getSessionUser(args) : null;
  const saved = user?.display ?? null;
  // The coupon and the display settings are the whole site's: every page may show a coefficient.
  return {
    coupon: couponSeed(args.request, site, hasSessionToken(args.request), saved, user?.currency),
    couponSettings: await couponSettingsSeed(args.request, user?.token ?? null),
    display: displaySettings(args.request, site, saved),
  };
}

/** The layout's data (the coupon's seed, the display settings), or undefined where its loader failed. */
export function useLanguageData() {
  return useRouteLoaderData<typeof loader>("lng" satisfies RouteId);
}

export default function LanguageLayout() {
  const root = useRootData() as RootData;
  const layout = leafRouteLayout(useMatches());
  const { coupon, couponSettings, display } = useLoaderData<typeof loader>();
  return (
    <CouponProvider seed={coupon} kept={couponSettings} lng={root.lng}>
      <div className={display.theme === 0 ? "theme-light" : "theme-dark"}>
        <RouteLayout root={root} meta={layout}>
          <Outlet />
        </RouteLayout>
      </div>
    </CouponProvider>
  );
}

export const meta: MetaFunction = shellErrorMeta;

/**
 * Route errors inside the shell: the header and footer stay, the page shows the status. When a
 * page below failed, the layout's own data is there, and so is the bettor's coupon (the bottom
 * bar counts it).
 */
export function ErrorBoundary() {
  const root = useRootData() as RootData;
  const data = useLanguageData();
  const page = <ShellError root={root} />;
  return data ? (
    <CouponProvider seed={data.coupon} kept={data.couponSettings} lng={root.lng}>
      {page}
    </CouponProvider>
  ) : (
    page
  );
}
