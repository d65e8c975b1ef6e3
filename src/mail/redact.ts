/**
 * Hides secrets in mail text before it is logged: every query-string value in a URL (reset and
 * sign-in links carry their token there) and any stray `token=…`. Reference codes stay readable.
 */
const urlWithQuery = /\bhttps?:\/\/[^\s"'<>?#]*\?[^\s"'<>#]*/g;
const queryValue = /([?&][^=&\s]+=)[^&\s]*/g;
const looseToken = /\b(\w*(?:token|secret|password|code_verifier)\w*)=([^\s&"'<>]+)/gi;

/** The text with URL query values and `token=` values replaced by `[redacted]`. */
export function redactSecrets(text: string): string {
  return text.replace(urlWithQuery, (url) => url.replace(queryValue, "$1[redacted]")).replace(looseToken, "$1=[redacted]");
}
