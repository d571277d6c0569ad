import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DisplaySettings } from "~/components/sports/DisplaySettings";
import { COOKIES, setCookie } from "~/lib/cookies.server";
import { pageAction } from "~/forms/action.server";
import { pageLoader } from "~/loaders/guards.server";
import { routeSeo } from "~/loaders/seo.server";
import { seoMeta } from "~/seo";
import { safeReturnPath } from "~/lib/return-to.server";
import { saveDisplaySettings } from "~/services/user.server";
import { displayCookieValue } from "~/sports/display";
import { displayFormSchema } from "~/sports/display-schema";

/** The header's quick display settings; this page shows the same form, with the error of a refused post. */
export const loader = (args: LoaderFunctionArgs) => pageLoader(args, "display-settings", async (ctx) => ({ lng: ctx.site.lng, seo: await routeSeo(ctx) }));

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

/**
 * Keeps the odds format, view, theme and the display flags, and goes back to the page: a signed-in bettor's on the
 * platform (every device of theirs), a guest's in a cookie.
 */
export const action = (args: ActionFunctionArgs) =>
  pageAction(
    args,
    "display-settings",
    displayFormSchema,
    async ({ ctx, value, formData }) => {
      const back = safeReturnPath(formData.get("returnTo"), `/${ctx.site.lng}`);
      if (ctx.user) {
        await saveDisplaySettings(ctx.user.token, value);
        return redirect(back);
      }
      return redirect(back, {
        headers: {
          "Set-Cookie": setCookie(COOKIES.display, displayCookieValue(value)),
        },
      });
    },
    { invalid: () => ({ error: "invalid" as const }) },
  );

export default function DisplaySettingsPage() {
  const { lng } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <div className="page-narrow">
      <h1 className="page-title">{t("display.title")}</h1>
      {actionData && "error" in actionData ? (
        <p className="notice notice--danger" role="alert">
          {t("display.invalid")}
        </p>
      ) : null}
      <DisplaySettings lng={lng} returnTo={`/${lng}`} open />
    </div>
  );
}
