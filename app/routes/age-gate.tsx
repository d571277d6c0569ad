import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { pageAction } from "~/forms/action.server";
import { ageGateForm } from "~/forms/site";
import { ageCookie, guardPage } from "~/loaders/guards.server";
import { safeReturnPath } from "~/lib/return-to.server";

/** The age gate's form posts here; there is nothing to show on a GET. */
export async function loader(args: LoaderFunctionArgs) {
  const { site } = await guardPage(args, "age-gate");
  throw redirect(`/${site.lng}`);
}

export const action = (args: ActionFunctionArgs) =>
  pageAction(
    args,
    "age-gate",
    ageGateForm,
    async ({ ctx, value }) => {
      const back = safeReturnPath(value.returnTo, `/${ctx.site.lng}`);
      return redirect(back, { headers: { "Set-Cookie": ageCookie(value.remember === "1") } });
    },
    { plain: true },
  );
