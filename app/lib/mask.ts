/** "j•••@example.com": enough to recognise one's own address, not to learn someone else's. */
export function maskEmail(email: string | null | undefined): string | null {
  if (!email) return null;
  const at = email.lastIndexOf("@");
  if (at < 1) return null;
  return `${email[0]}•••@${email.slice(at + 1)}`;
}

/** "+7 ••• ••• 45": the country code and the last two digits. */
export function maskPhone(code: string | null | undefined, number: string | null | undefined): string | null {
  const digits = number?.replace(/\D/g, "");
  if (!digits) return null;
  const cc = code?.replace(/\D/g, "");
  return `${cc ? `+${cc} ` : ""}••• ••• ${digits.slice(-2)}`;
}
