import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { z } from "zod";
import { requireCsrf } from "~/loaders/csrf.server";
import { ageCookie, guardPage } from "~/loaders/guards.server";
import { safeReturnPath } from "~/loaders/return-to";

/** The age gate's form posts here; there is nothing to show on a GET. */
export async function loader(args: LoaderFunctionArgs) {
  const { site } = await guardPage(args, "age-gate");
  throw redirect(`/${site.lng}`);
}

const formSchema = z.object({
  returnTo: z.string().optional(),
  remember: z.literal("1").optional(),
});

export async function action(args: ActionFunctionArgs) {
  const { site } = await guardPage(args, "age-gate");
  const formData = await args.request.formData();
  await requireCsrf(args.request, formData);
  const form = formSchema.safeParse(Object.fromEntries(formData));
  if (!form.success) throw new Response("Bad Request", { status: 400 });
  const back = safeReturnPath(form.data.returnTo, `/${site.lng}`);
  return redirect(back, { headers: { "Set-Cookie": ageCookie(form.data.remember === "1") } });
}
