// The outcome of a placement (PlacedCoupon.tsx, the largest module of the coupon) shows only
// after a bettor places, so the page loads it then, or earlier when the coupon gets its first
// selection (preloadPlacedCoupon), not with the page. The pages that render it on the server
// (the no-JavaScript result pages, the history) import PlacedCoupon.tsx themselves.
import { type ComponentProps, type ReactNode, Suspense, lazy } from "react";
import { useTranslation } from "react-i18next";
import { LoadFailure } from "~/components/in-place-on-server";
import type { PlaceAnswer } from "~/coupon/place-answer";

const load = () => import("./PlacedCoupon");

/** Starts loading the outcome dialogs, so they are there when the answer comes. */
export function preloadPlacedCoupon(): void {
  // A failure here is met again, and shown, where the dialog is rendered.
  load().catch(() => undefined);
}

const PlaceOutcome = lazy(() => load().then((module) => ({ default: module.PlaceOutcome })));
const RefusalPanel = lazy(() => load().then((module) => ({ default: module.RefusalPanel })));

/** What the answer was, in words, and where to see the coupon: while the dialog loads, or if it cannot. */
function PlainOutcome({ lng, answer }: { lng: string; answer: PlaceAnswer }) {
  const { t } = useTranslation();
  const words =
    answer.kind === "refused"
      ? t("bets.refusedTitle")
      : answer.kind === "unconfirmed"
        ? t("bets.unconfirmed.title")
        : answer.kind === "placed"
          ? answer.coupons.some((c) => c.state === "waiting")
            ? t("bets.placedWaiting")
            : t("bets.placed")
          : null;
  if (!words) return null;
  return (
    <p role="status">
      {words} <a href={`/${lng}/office/history`}>{t("bets.toHistory")}</a>
    </p>
  );
}

/** The dialog once loaded; the plain words while it loads, or if it cannot. */
function Loaded({ plain, children }: { plain: ReactNode; children: ReactNode }) {
  return (
    <LoadFailure fallback={plain}>
      <Suspense fallback={plain}>{children}</Suspense>
    </LoadFailure>
  );
}

export function LazyPlaceOutcome(props: ComponentProps<typeof PlaceOutcome>) {
  return (
    <Loaded plain={<PlainOutcome lng={props.lng} answer={props.answer} />}>
      <PlaceOutcome {...props} />
    </Loaded>
  );
}

export function LazyRefusalPanel(props: ComponentProps<typeof RefusalPanel>) {
  return (
    <Loaded plain={<PlainOutcome lng={props.lng} answer={{ kind: "refused", refusal: props.refusal, echo: props.echo }} />}>
      <RefusalPanel {...props} />
    </Loaded>
  );
}
