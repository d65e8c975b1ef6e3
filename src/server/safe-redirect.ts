/**
 * The one guard for redirect targets that come from a visitor (?returnTo=, form fields, cookies):
 * only a path on our own origin survives. Browsers strip tabs and newlines and read `\` as `/`,
 * so `/<TAB>/evil.com` or `/\evil.com` would leave the site; the value is therefore parsed the way
 * a browser would, against a fixed base, and refused unless it stays on that base's origin.
 */

const base = "http://x";
// C0 and C1 control characters (tab, newline, NUL...) and backslashes are never part of our paths.
// \p{Cc} is exactly U+0000-U+001F and U+007F-U+009F.
const forbidden = /[\p{Cc}\\]/u;
const maxLength = 500;

/** A same-origin path (with its query and fragment, percent-encoded) for `value`, or `fallback`. */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length > maxLength || !value.startsWith("/") || value.startsWith("//") || forbidden.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return fallback;
  }
  // Dot segments can turn "/.//evil.com" into "//evil.com" after parsing: check the result too.
  if (url.origin !== base || !url.pathname.startsWith("/") || url.pathname.startsWith("//")) return fallback;
  return url.pathname + url.search + url.hash;
}

/** Where to go after signing in: a safe local path that is not the sign-in page itself. */
export function safeReturnTo(value: unknown, fallback = "/dashboard"): string {
  const path = safeRedirectPath(value, fallback);
  if (path.startsWith("/api/login") || path.startsWith("/login")) return fallback;
  return path;
}
