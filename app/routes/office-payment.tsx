import type { ActionFunctionArgs, HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { type SubmissionResult, getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { FieldError, FocusFirstInvalid, FormErrors, controlProps, wholeFormErrors } from "~/components/form/Field";
import { focusTarget } from "~/components/form/focus";
import { OfficeShell } from "~/components/office/OfficeShell";
import { formatMoney, minorToInput } from "~/coupon/amount-input";
import { currencyDefaults } from "~/coupon/currency-defaults";
import { pageAction } from "~/forms/action.server";
import type { PaymentMethod } from "~/constants";
import { paymentForm, paymentPrefill, postedPayment } from "~/forms/payments.server";
import { pageLoader, type PageContext } from "~/loaders/guards.server";
import { routeSeo } from "~/loaders/seo.server";
import { messageWithValue } from "~/lib/messages";
import { publicOrigin } from "~/lib/request-limits.server";
import type { PageRouteId } from "~/route-ids";
import { seoMeta } from "~/seo";
import { activeAccount, getBalance } from "~/services/bets.server";
import { isOutage } from "~/services/http.server";
import { log } from "~/services/log.server";
import { type PaymentKind, getPaymentMethods, paymentRefusalOf, startPayment } from "~/services/payments.server";
import { officeStyles } from "~/styles/stylesheets";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: officeStyles }];
export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) => (actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders);

/** The routes this module serves: recharge and recharge/deposit take money in, deduce takes it out. */
function routeOf(request: Request): { id: PageRouteId; kind: PaymentKind } {
  const path = new URL(request.url).pathname.replace(/\.data$/, "");
  if (/\/office\/deduce\/?$/.test(path)) return { id: "office-deduce", kind: "withdrawal" };
  if (/\/office\/recharge\/deposit\/?$/.test(path)) return { id: "office-recharge-deposit", kind: "deposit" };
  return { id: "office-recharge", kind: "deposit" };
}

const newKey = () => globalThis.crypto.randomUUID();
const PRIVATE = { "Cache-Control": "private, no-store" };

/** What the form needs: the methods and their limits, the currency and, for a withdrawal, what can be taken out. */
async function paymentRules(ctx: PageContext, kind: PaymentKind, signal?: AbortSignal) {
  const token = ctx.user!.token;
  const [methods, balance] = await Promise.all([getPaymentMethods(token, kind, signal), getBalance(token, signal)]);
  const account = activeAccount(balance);
  const exponent = currencyDefaults(methods.currency).exponent;
  return {
    currency: methods.currency,
    exponent,
    step: methods.step,
    methods: methods.methods,
    available: account?.available ?? 0,
    frozen: account?.isFrozen ?? false,
  };
}


/**
 * /{lng}/office/recharge (also recharge/deposit) and /{lng}/office/deduce (SPEC §2 Office): the
 * deposit and the withdrawal. The bettor picks a method and an amount within its limits and is
 * sent to the payment provider's page; the money moves only when the provider confirms it to the
 * platform. Each showing of the form draws its own key, so a second submit opens the same payment.
 */
export const loader = (args: LoaderFunctionArgs) => {
  const { id, kind } = routeOf(args.request);
  return pageLoader(args, id, async (ctx) => {
    const rules = await paymentRules(ctx, kind, args.request.signal);
    const query = paymentPrefill.parse(Object.fromEntries(new URL(args.request.url).searchParams));
    return data({ lng: ctx.site.lng, kind, key: newKey(), prefill: query, seo: await routeSeo(ctx), ...rules }, { headers: PRIVATE });
  });
};

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);


type ActionAnswer = { lastResult: SubmissionResult<string[]>; key: string };

export const action = (args: ActionFunctionArgs) => {
  const { id, kind } = routeOf(args.request);
  return pageAction(
    args,
    id,
    postedPayment,
    async ({ ctx, formData, request }) => {
      const rules = await paymentRules(ctx, kind);
      const format = (minor: number) => formatMoney(minor, rules.exponent, rules.currency, ctx.site.lng);
      const submission = parseWithZod(formData, {
        schema: paymentForm({ ...rules, available: kind === "withdrawal" ? rules.available : undefined, format }),
      });
      if (submission.status !== "success") return data<ActionAnswer>({ lastResult: submission.reply() as SubmissionResult<string[]>, key: newKey() }, { status: 400, headers: PRIVATE });
      const { key, method, amount } = submission.value;
      // A refusal the platform has finished with gets a fresh key (it may have recorded the refused
      // one); a payment that may still be opening keeps its key, so sending again opens that same
      // payment and never a second one (a second withdrawal would reserve the amount twice).
      const refuse = (status: number, errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }, sameKey = false) =>
        data<ActionAnswer>({ lastResult: submission.reply(errors) as SubmissionResult<string[]>, key: sameKey ? key : newKey() }, { status, headers: PRIVATE });
      try {
        const started = await startPayment(ctx.user!.token, kind, key, {
          method,
          amount,
          returnBase: `${publicOrigin(new URL(request.url))}/${ctx.site.lng}`,
        });
        return redirect(started.redirectUrl, { headers: PRIVATE });
      } catch (error) {
        // No answer: the payment may have been opened (and a withdrawal reserved) or not; only the
        // same key can tell, so the form keeps it.
        if (isOutage(error)) {
          log.warn("payment.unconfirmed", { kind, error });
          return refuse(503, { formErrors: ["payments.errors.unconfirmed"] }, true);
        }
        const refusal = paymentRefusalOf(error);
        if (!refusal) throw error;
        log.info("payment.refused", { kind, code: refusal.code });
        const P = "payments.errors";
        switch (refusal.code) {
          case "amount_below_min":
          case "amount_above_max":
          case "amount_step":
          case "insufficient_funds": {
            const keyOf = { amount_below_min: "amountBelowMin", amount_above_max: "amountAboveMax", amount_step: "amountStep", insufficient_funds: "insufficientFunds" } as const;
            return refuse(422, { fieldErrors: { amount: [messageWithValue(`${P}.${keyOf[refusal.code]}`, format(Math.max(0, refusal.amount ?? 0)))] } });
          }
          case "unknown_method":
            return refuse(422, { fieldErrors: { method: [`${P}.method`] } });
          case "account_frozen":
            return refuse(423, { formErrors: [`${P}.accountFrozen`] });
          case "wagering_unfinished":
            return refuse(422, { formErrors: [`${P}.wageringUnfinished`] });
          case "idempotency_conflict":
            return refuse(409, { formErrors: [`${P}.sentTwice`] });
          case "request_in_progress":
            return refuse(409, { formErrors: [`${P}.inProgress`] }, true);
          case "refused":
            return refuse(422, { formErrors: [`${P}.refused`] });
          case "provider_unavailable":
            return refuse(503, { formErrors: [`${P}.providerUnavailable`] });
        }
      }
    },
    { invalid: (lastResult) => ({ lastResult, key: newKey() }) },
  );
};

function MethodIcon({ method }: { method: PaymentMethod }) {
  const paths: Record<PaymentMethod, string> = {
    card: "M3 6h18v12H3zM3 10h18M7 15h4",
    ewallet: "M4 7h14a2 2 0 0 1 2 2v8H4zM4 7l10-3v3M16 12h4",
    bank: "M3 10l9-6 9 6M5 10v8M9 10v8M15 10v8M19 10v8M3 20h18",
  };
  return (
    <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
      <path d={paths[method]} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" strokeLinecap="round" />
    </svg>
  );
}

export default function PaymentPage() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<ActionAnswer>();
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { lng, kind, currency, exponent, step, methods, available, frozen } = loaded;
  const money = (minor: number) => formatMoney(minor, exponent, currency, lng);
  const lastResult = answer?.lastResult;
  const busy = navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post";
  const firstMethod = loaded.prefill.method ?? methods[0]?.id;
  const [form, fields] = useForm({
    id: `payment-${kind}`,
    lastResult,
    defaultValue: { method: firstMethod, amount: loaded.prefill.amount ?? "" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const formErrors = wholeFormErrors(lastResult, form.errors);
  const target = focusTarget([fields.method, fields.amount], formErrors);
  // A refused post comes back with the method it was sent with.
  const checkedMethod = typeof fields.method.initialValue === "string" ? fields.method.initialValue : firstMethod;
  const chosen = methods.find((m) => m.id === (fields.method.value ?? checkedMethod)) ?? methods[0];
  const quick = chosen ? quickAmounts(chosen, step, kind === "withdrawal" ? available : undefined) : [];
  const title = t(kind === "deposit" ? "payments.depositTitle" : "payments.withdrawTitle");
  const nothingToTake = kind === "withdrawal" && available <= 0;

  return (
    <OfficeShell lng={lng} title={title}>
      <div className="payment">
        <p className="payment__lead">{t(kind === "deposit" ? "payments.depositLead" : "payments.withdrawLead")}</p>
        <dl className="payment__balance">
          <dt>{t(kind === "deposit" ? "payments.balance" : "payments.availableToWithdraw")}</dt>
          <dd data-testid="payment-available">{money(available)}</dd>
        </dl>
        {frozen && kind === "withdrawal" ? (
          <p className="notice notice--warning" role="status">
            {t("payments.errors.accountFrozen")}
          </p>
        ) : null}
        {nothingToTake ? (
          <div className="payment__empty">
            <p>{t("payments.nothingToWithdraw")}</p>
            <a className="button button--primary" href={`/${lng}/office/recharge`}>
              {t("office.deposit")}
            </a>
          </div>
        ) : (
          <Form method="post" {...getFormProps(form)} className="form payment__form">
            <AuthenticityTokenInput />
            <input type="hidden" name="key" value={answer?.key ?? loaded.key} />
            <FocusFirstInvalid target={target}>
              <fieldset className="payment__methods" aria-describedby={fields.method.errors?.length ? fields.method.errorId : undefined}>
                <legend className="payment__legend">{t("payments.method")}</legend>
                {methods.map((m, i) => (
                  <label key={m.id} className="payment-method">
                    <input
                      type="radio"
                      name={fields.method.name}
                      value={m.id}
                      defaultChecked={m.id === checkedMethod}
                      // One radio of the group takes the focus when the method is what was refused.
                      {...controlProps(fields.method, i === 0 ? target : undefined, { autoFocus: false })}
                    />
                    <span className="payment-method__body">
                      <MethodIcon method={m.id} />
                      <span className="payment-method__name">{t(`payments.methods.${m.id}`)}</span>
                      <span className="payment-method__limits">{t("payments.limits", { min: money(m.min), max: money(m.max) })}</span>
                    </span>
                  </label>
                ))}
                <FieldError field={fields.method} />
              </fieldset>
              <div className="field">
                <label htmlFor={fields.amount.id} className="field__label">
                  {t("payments.amount", { currency })}
                </label>
                <input
                  id={fields.amount.id}
                  name={fields.amount.name}
                  defaultValue={fields.amount.initialValue}
                  inputMode="decimal"
                  autoComplete="off"
                  className="input payment__amount"
                  {...controlProps(fields.amount, target, { describedBy: `${fields.amount.id}-hint` })}
                />
                <p id={`${fields.amount.id}-hint`} className="field__hint">
                  {chosen ? t("payments.amountHint", { min: money(chosen.min), max: money(chosen.max), step: money(step) }) : null}
                </p>
                <FieldError field={fields.amount} />
              </div>
            </FocusFirstInvalid>
            {quick.length ? (
              <p className="payment__quick">
                <span>{t("payments.quick")}</span>
                {quick.map((amount) => (
                  <a key={amount} className="chip" href={`?method=${chosen!.id}&amount=${minorToInput(amount, exponent)}`}>
                    {money(amount)}
                  </a>
                ))}
              </p>
            ) : null}
            <FormErrors id={form.errorId} errors={formErrors} target={target} />
            <button type="submit" className="button button--primary button--large" disabled={busy || (frozen && kind === "withdrawal")}>
              {busy ? t("payments.opening") : t(kind === "deposit" ? "payments.toProvider" : "payments.withdrawSubmit")}
            </button>
            <p className="payment__secure">{t("payments.secure")}</p>
          </Form>
        )}
      </div>
    </OfficeShell>
  );
}

/** Up to four round amounts inside the method's limits (and what can be taken out): links that fill the form. */
function quickAmounts(method: { min: number; max: number }, step: number, available: number | undefined): number[] {
  const top = Math.min(method.max, available ?? method.max);
  const picks = [1, 2, 5, 10].map((times) => Math.ceil((method.min * times) / step) * step);
  return [...new Set(picks.filter((amount) => amount >= method.min && amount <= top))];
}
