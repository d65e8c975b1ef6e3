/** Date-and-time of an instant in the business timezone, for the admin lists. */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** "1 Dec 2026, 3:04 pm" in `timeZone`. */
export function formatInstantTime(instant: string, timeZone: string): string {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-AU", { day: "numeric", month: "short", year: "numeric", hour: "numeric", minute: "2-digit", timeZone });
    formatters.set(timeZone, f);
  }
  return f.format(new Date(instant));
}
