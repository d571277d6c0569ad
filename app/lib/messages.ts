/**
 * Server messages (zod issues, refusals) are dictionary keys, so the page translates them in the
 * visitor's language. A message that needs a value carries it as "key::value"; the dictionary
 * entry shows it through {{value}}. This is the one encoder and the one decoder of that form.
 */
const SEPARATOR = "::";

/** A message key carrying a value for the message's {{value}}. */
export function messageWithValue(key: string, value: string): string {
  return `${key}${SEPARATOR}${value}`;
}

/** The translation of a server message, with its value if it carries one. */
export function translate(t: (key: string, options?: Record<string, unknown>) => string, message: string): string {
  const at = message.indexOf(SEPARATOR);
  return at < 0 ? t(message) : t(message.slice(0, at), { value: message.slice(at + SEPARATOR.length) });
}
