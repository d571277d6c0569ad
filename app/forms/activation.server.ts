import type { ActionFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import { activationChannels, activationCodeSchema } from "./account";
import { callerOf } from "~/services/visitor.server";
import { saveRedirectTarget } from "./sign-in.server";
import type { PageContext } from "~/loaders/guards.server";
import { type ActivationActionData, type ActivationChannel, activate, codeRefusal, resendActivation } from "~/services/account.server";
import { pageAction } from "./action.server";
import type { PageRouteId } from "~/route-ids";

/**
 * The two forms of the activation pages, shared by user/activate(fast) and user/accountverify:
 * "activate" (the code of one channel) and "resend" (a new code for it).
 */
const activateForm = activationCodeSchema.extend({ intent: z.literal("activate").default("activate") });
const resendForm = z.object({
  intent: z.literal("resend"),
  type: z.enum(activationChannels, { errorMap: () => ({ message: "activation.errors.badRequest" }) }),
});

const channelOf = (formData: FormData): ActivationChannel => (formData.get("type") === "phone" ? "phone" : "email");

/** Sign-in first; the page is saved as the target to come back to once (SPEC §4). */
export function signInFirst(ctx: PageContext): never {
  const back = `${ctx.site.url.pathname}${ctx.site.url.search}`;
  throw redirect(`/${ctx.site.lng}/login?returnTo=${encodeURIComponent(back)}`, { headers: { "Set-Cookie": saveRedirectTarget(back) } });
}

export function activationAction(args: ActionFunctionArgs, routeId: PageRouteId) {
  return pageAction(
    args,
    routeId,
    (formData) => (formData.get("intent") === "resend" ? resendForm : activateForm),
    async ({ ctx, value, submission }) => {
      if (!ctx.user) signInFirst(ctx);
      const token = ctx.user.token;
      const answer = (body: ActivationActionData, status = 200) => data(body, { status });
      if (value.intent === "resend") {
        try {
          await resendActivation(token, value.type);
          return answer({ intent: "resend", type: value.type, resent: true, error: null });
        } catch (error) {
          const r = codeRefusal(error, "activation");
          if (!r) throw error;
          return answer({ intent: "resend", type: value.type, resent: false, error: r.formErrors?.[0] ?? "activation.errors.badRequest" }, r.status);
        }
      }
      try {
        const activated = await activate(token, { type: value.type, code: value.code }, callerOf(args.request));
        return answer({ intent: "activate", type: value.type, result: submission.reply({ resetForm: true }), activated });
      } catch (error) {
        const r = codeRefusal(error, "activation");
        if (!r) throw error;
        return answer(
          { intent: "activate", type: value.type, result: submission.reply({ fieldErrors: r.fieldErrors, formErrors: r.formErrors }), activated: null },
          r.status,
        );
      }
    },
    {
      invalid: (result, formData): ActivationActionData =>
        formData.get("intent") === "resend"
          ? { intent: "resend", type: channelOf(formData), resent: false, error: "activation.errors.badRequest" }
          : { intent: "activate", type: channelOf(formData), result, activated: null },
    },
  );
}
