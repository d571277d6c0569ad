// What the coupon's offer forms send with JavaScript, apart from PlacedCoupon.tsx: the coupon
// loads that module (the outcome dialogs) only once a bettor places (lazy-outcome.tsx).
import type { FormEvent } from "react";

/**
 * The fields of an offer form (accept the new odds, place with another stake) as a fetcher sends
 * them: the form's own, the pressed button's intent, and js=1 so the answer comes back as data.
 */
export function offerFormData(event: FormEvent<HTMLFormElement>): FormData {
  const form = new FormData(event.currentTarget);
  const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
  if (submitter?.name) form.set(submitter.name, submitter.value);
  form.set("js", "1");
  return form;
}
