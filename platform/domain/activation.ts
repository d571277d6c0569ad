import type { RegistrationType } from "../db/schema.ts";

/** SPEC §3 activation_type: which channels a new account must confirm. */
export const ACTIVATION_TYPE = { none: 0, email: 1, both: 2, phone: 3 } as const;
export type ActivationName = keyof typeof ACTIVATION_TYPE;

/** Which channels each registration type confirms: the ones the visitor gave us. */
export function activationTypeFor(type: RegistrationType): number {
  switch (type) {
    case "fast_reg":
      return ACTIVATION_TYPE.email;
    case "phone_reg":
      return ACTIVATION_TYPE.phone;
    case "full_reg":
      return ACTIVATION_TYPE.both;
    case "one_click":
    case "soc_reg":
      return ACTIVATION_TYPE.none;
  }
}

export function activationName(activationType: number): ActivationName {
  if (activationType === ACTIVATION_TYPE.email) return "email";
  if (activationType === ACTIVATION_TYPE.both) return "both";
  if (activationType === ACTIVATION_TYPE.phone) return "phone";
  return "none";
}

export function channelRequired(activationType: number, channel: "email" | "phone"): boolean {
  const name = activationName(activationType);
  return name === "both" || name === channel;
}

/** The channels still to confirm. */
export function remainingActivation(user: { activation_type: number; email_activated: boolean; phone_activated: boolean }): ActivationName {
  const email = channelRequired(user.activation_type, "email") && !user.email_activated;
  const phone = channelRequired(user.activation_type, "phone") && !user.phone_activated;
  return email && phone ? "both" : email ? "email" : phone ? "phone" : "none";
}

/** A real calendar date written YYYY-MM-DD (2025-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Whole years between a YYYY-MM-DD birthday and `today` (UTC calendar days). */
export function ageOn(birthday: string, today: Date): number {
  const [year, month, day] = birthday.split("-").map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - year;
  const beforeBirthday = today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  if (beforeBirthday) age--;
  return age;
}

export const MINIMUM_AGE = 18;
