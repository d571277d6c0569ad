/**
 * Dates are shown in the site's time zone (config defaultTimeZone, whole hours from UTC), so
 * the server and the browser render the same text.
 */
export function formatDateTime(iso: string, lng: string, utcOffsetHours: number): string {
  const hours = Math.trunc(utcOffsetHours);
  // IANA's Etc/GMT zones have the sign inverted: Etc/GMT-3 is UTC+3.
  const timeZone = hours === 0 ? "UTC" : `Etc/GMT${hours > 0 ? "-" : "+"}${Math.abs(hours)}`;
  const text = new Intl.DateTimeFormat(lng, { dateStyle: "medium", timeStyle: "short", timeZone }).format(new Date(iso));
  return `${text} (UTC${hours >= 0 ? "+" : "−"}${Math.abs(hours)})`;
}
