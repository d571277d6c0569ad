import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useHydrated } from "remix-utils/use-hydrated";

/** The fields every coupon form posts besides its own: the CSRF token and where to come back. */
export function CouponFormFields({ returnTo }: { returnTo: string }) {
  return (
    <>
      <AuthenticityTokenInput />
      <input type="hidden" name="returnTo" value={returnTo} />
    </>
  );
}

/**
 * A coupon control is a form without JavaScript and an atom change with it: the returned
 * wrapper runs the handler in place of the post once the page is hydrated.
 */
export function useInPlace(): (handler: () => void) => (event: { preventDefault(): void }) => void {
  const hydrated = useHydrated();
  return (handler) => (event) => {
    if (!hydrated) return;
    event.preventDefault();
    handler();
  };
}
