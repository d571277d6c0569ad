import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet, useMatches } from "@remix-run/react";
import { RouteLayout } from "~/components/layouts";
import { ShellError, shellErrorMeta } from "~/components/ShellError";
import { requireSite } from "~/loaders/site.server";
import { leafRouteMeta } from "~/route-meta";
import { type RootData, useRootData } from "~/root";

/** The optional language prefix `/:lng?` that every page sits under. */
export async function loader(args: LoaderFunctionArgs) {
  await requireSite(args);
  return null;
}

export default function LanguageLayout() {
  const root = useRootData() as RootData;
  const meta = leafRouteMeta(useMatches());
  return (
    <RouteLayout root={root} meta={meta}>
      <Outlet />
    </RouteLayout>
  );
}

export const meta: MetaFunction = shellErrorMeta;

/** Route errors inside the shell: the header and footer stay, the page shows the status. */
export function ErrorBoundary() {
  return <ShellError root={useRootData() as RootData} />;
}
