import type { MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { RootData } from "~/components/root-data";
import type { RouteId } from "~/route-ids";
import { ErrorPage, errorMessageKey, refusalMessage } from "./ErrorPage";
import { DefaultLayout } from "./layouts";
import { localPath } from "~/lib/paths";

/** Route errors inside the site's shell: the header and footer stay, the page shows the status. */
export function ShellError({ root }: { root: RootData }) {
  const error = useRouteError();
  const { t } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  const messageKey = errorMessageKey(error);
  const text =
    refusalMessage(error) ??
    (messageKey ? t(messageKey) : null) ??
    (status === 404
      ? t("errors.notFoundHint")
      : status === 403
        ? t("errors.forbidden")
        : status === 400
          ? t("errors.badRequest")
          : t("errors.generic"));
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

/** Error boundaries' meta cannot translate, so the root loader sends their titles ready. */
export const shellErrorMeta: MetaFunction = ({ error, matches }) => {
  if (!error) return [];
  const root = matches.find((m) => m.id === ("root" satisfies RouteId))?.data as RootData | undefined;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return [
    { title: notFound ? root?.errorTitles.notFound : root?.errorTitles.error },
    { name: "robots", content: "noindex" },
  ];
};
