// Intl formatters cost far more to build than to use (a game list formats hundreds of dates per
// render), so each language and option set builds one, kept for the life of the process.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

export function dateFormat(lng: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${lng}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(lng, options)));
  return format;
}

export function numberFormat(lng: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${lng}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(lng, options)));
  return format;
}

/**
 * Dates are shown in the site's time zone (config defaultTimeZone, whole hours from UTC), so
 * the server and the browser render the same text.
 */
export function formatDateTime(iso: string, lng: string, utcOffsetHours: number): string {
  const hours = Math.trunc(utcOffsetHours);
  // IANA's Etc/GMT zones have the sign inverted: Etc/GMT-3 is UTC+3.
  const timeZone = hours === 0 ? "UTC" : `Etc/GMT${hours > 0 ? "-" : "+"}${Math.abs(hours)}`;
  const text = dateFormat(lng, { dateStyle: "medium", timeStyle: "short", timeZone }).format(new Date(iso));
  return `${text} (UTC${hours >= 0 ? "+" : "−"}${Math.abs(hours)})`;
}
