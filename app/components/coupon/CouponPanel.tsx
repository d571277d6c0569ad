import { useAtomValue, useStore } from "jotai";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { inPlaceOnServer } from "~/components/in-place-on-server";
import { couponBetsAtom, withCouponAtoms } from "~/coupon/store";
import { CouponFormFields, useInPlace } from "./coupon-form";
import { CouponSlip as ServerCouponSlip } from "./coupon-slip.server";

// Most visits never fill the coupon, so the browser loads the filled part (the types, the stake,
// the maths, the place button) when it gets its first bet, not with the page.
const slip = inPlaceOnServer(
  ServerCouponSlip,
  () => import("./CouponSlip").then((module) => module.CouponSlip),
  SlipUnavailable,
);

/** Starts loading the filled coupon: a bettor pointing at a coefficient is about to need it. */
export const preloadCouponSlip = slip.preload;

/**
 * The coupon (bet slip): the bets, the coupon type, the stake and what it may win. Every control
 * is a form that posts to the coupon action without JavaScript (the cookie coupon); with it the
 * Jotai atoms change in place and the coupon lives in localStorage.
 */
export function CouponPanel({
  lng,
  returnTo,
  variant = "aside",
  children,
}: {
  lng: string;
  returnTo: string;
  variant?: "aside" | "page";
  /** What the coupon page adds below the slip (its settings). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const js = useInPlace();
  const count = useAtomValue(couponBetsAtom).length;
  const store = useStore();
  const clear = () => withCouponAtoms((atoms) => store.set(atoms.clearCouponAtom));
  // Once shown, the filled part stays: a placement empties the coupon and shows its answer there.
  const [filled, setFilled] = useState(count > 0);
  if (count > 0 && !filled) setFilled(true);
  const action = `/${lng}/coupon`;
  return (
    <section className={`coupon coupon--${variant}`} aria-labelledby="coupon-title" data-testid="coupon">
      <header className="coupon__head">
        <h2 id="coupon-title" className="coupon__title">
          {t("coupon.title")}
          <span className="count-badge" data-testid="coupon-count">{count}</span>
        </h2>
        {count > 0 ? (
          <form method="post" action={action}>
            <CouponFormFields returnTo={returnTo} />
            <button type="submit" name="intent" value="clear" className="button-link" onClick={js(() => clear())}>
              {t("coupon.clear")}
            </button>
          </form>
        ) : null}
      </header>
      {count === 0 ? <p className="coupon__empty">{t("coupon.empty")}</p> : null}
      {filled ? (
        <slip.Part lng={lng} returnTo={returnTo} variant={variant} />
      ) : null}
      {children}
    </section>
  );
}

/** If the filled coupon cannot load (a network failure), the coupon page still can. */
function SlipUnavailable({ lng }: { lng: string; returnTo: string; variant: "aside" | "page" }) {
  const { t } = useTranslation();
  return (
    <p className="coupon__empty">
      <a href={`/${lng}/coupon`}>{t("coupon.openCoupon")}</a>
    </p>
  );
}
