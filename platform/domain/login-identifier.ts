/** What a visitor typed as their login: an e-mail, a phone with "+", an account number or a login name. */
export type LoginIdentifier =
  | { kind: "email"; email: string }
  | { kind: "phone"; phone: string }
  | { kind: "id"; id: number; login: string }
  | { kind: "login"; login: string };

const MAX_ID = 2_147_483_647;

/** Classifies a login; e-mails are lower-cased, phones reduced to "+" and digits. */
export function classifyLogin(raw: string): LoginIdentifier {
  const value = raw.trim();
  if (value.includes("@")) return { kind: "email", email: value.toLowerCase() };
  if (value.startsWith("+")) {
    const digits = value.slice(1).replace(/[\s()-]/g, "");
    if (/^\d{5,19}$/.test(digits)) return { kind: "phone", phone: `+${digits}` };
  }
  // The account number; one-click accounts also have it as their login name.
  if (/^\d{1,10}$/.test(value) && Number(value) >= 1 && Number(value) <= MAX_ID) {
    return { kind: "id", id: Number(value), login: value };
  }
  return { kind: "login", login: value };
}

/** The one spelling of a phone everywhere it is an address: "+", dialing code, number. */
export function fullPhone(phoneCode: string, phoneNumber: string): string {
  return `+${phoneCode}${phoneNumber}`;
}
