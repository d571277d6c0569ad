import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet, isRouteErrorResponse, useMatches, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorPage } from "~/components/ErrorPage";
import { DefaultLayout, RouteLayout } from "~/components/layouts";
import { localPath } from "~/components/paths";
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

export const meta: MetaFunction = ({ error, matches }) => {
  if (!error) return [];
  const root = matches.find((m) => m.id === "root")?.data as RootData | undefined;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return [
    { title: notFound ? root?.errorTitles.notFound : root?.errorTitles.error },
    { name: "robots", content: "noindex" },
  ];
};

/** Route errors inside the shell: the header and footer stay, the page shows the status. */
export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRootData() as RootData;
  const { t } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  const text =
    status === 404
      ? t("errors.notFoundHint")
      : status === 403
        ? t("errors.forbidden")
        : status === 400
          ? t("errors.badRequest")
          : t("errors.generic");
  return (
    <DefaultLayout root={root} flags={{ hideSeoBlock: true }}>
      <ErrorPage
        code={String(status)}
        title={status === 404 ? t("errors.notFound") : t("errors.statusHeading", { status })}
        text={text}
        action={{ href: localPath(root.lng, "/"), label: t("errors.backHome") }}
      />
    </DefaultLayout>
  );
}
