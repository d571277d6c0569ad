import type { ActionFunctionArgs, MetaFunction, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { pageAction } from "~/forms/action.server";
import { confirmTermsForm } from "~/forms/site";
import { pageLoader } from "~/loaders/guards.server";
import { routeSeo } from "~/loaders/seo.server";
import { acceptTerms } from "~/services/user.server";
import { seoMeta } from "~/seo";

/**
 * The user must accept changed terms before using the site (SPEC §4 Terms); when nothing
 * changed, the page sends them to the language root.
 */
export const loader = (args: LoaderFunctionArgs) =>
  pageLoader(args, "confirm-terms", async (ctx) => {
  if (!ctx.user?.termsChanged || !ctx.site.config.features.terms) throw redirect(`/${ctx.site.lng}`);
  return { lng: ctx.site.lng, seo: await routeSeo(ctx) };
});

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

export const action = (args: ActionFunctionArgs) =>
  pageAction(args, "confirm-terms", confirmTermsForm, async ({ ctx }) => {
    if (!ctx.user) throw redirect(`/${ctx.site.lng}`);
    await acceptTerms(ctx.user.token);
    return redirect(`/${ctx.site.lng}`);
  });

export default function ConfirmTerms() {
  const { lng } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="page-narrow">
      <section className="card" aria-labelledby="terms-title">
        <h1 id="terms-title" className="page-title">
          {t("terms.title")}
        </h1>
        <p>{t("terms.text")}</p>
        <p>
          <Link to={`/${lng}/rules/1`}>{t("terms.read")}</Link>
        </p>
        <Form method="post" className="form">
          <AuthenticityTokenInput />
          <button type="submit" className="button button--primary button--large">
            {t("terms.accept")}
          </button>
        </Form>
      </section>
    </div>
  );
}
