/**
 * SMTP_URL as nodemailer's transport options, read with the standard URL parser. Handed the URL
 * itself, nodemailer reads it with Node's legacy `url.parse()`, which prints a deprecation warning
 * at every start; this gives it the same options, so the URL means what nodemailer's documentation
 * says: smtp: or smtps: (TLS from the start), host, port, user and password (percent-encoded as in
 * any URL), and query options such as `?pool=true` or `?tls.rejectUnauthorized=false`.
 */
export type SmtpOptions = {
  host?: string;
  port?: number;
  secure?: boolean;
  auth?: { user: string; pass: string };
  tls?: Record<string, string | number | boolean>;
  [option: string]: unknown;
};

/** A query value as nodemailer reads it: numbers as numbers, "true" and "false" as booleans. */
function optionValue(value: string): string | number | boolean {
  if (value === "true") return true;
  if (value === "false") return false;
  return value.trim() !== "" && !Number.isNaN(Number(value)) ? Number(value) : value;
}

export function smtpOptions(smtpUrl: string): SmtpOptions {
  const url = new URL(smtpUrl);
  const options: SmtpOptions = {};
  if (url.protocol === "smtp:") options.secure = false;
  else if (url.protocol === "smtps:") options.secure = true;
  else if (url.protocol === "direct:") options.direct = true;
  if (url.port) options.port = Number(url.port);
  // An IPv6 host keeps no brackets, as a socket wants it.
  if (url.hostname) options.host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  if (url.username || url.password) options.auth = { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) };
  for (const [key, raw] of url.searchParams) {
    const value = optionValue(raw);
    if (key.startsWith("tls.")) {
      options.tls ??= {};
      if (!(key.slice(4) in options.tls)) options.tls[key.slice(4)] = value;
    } else if (!key.includes(".") && !(key in options)) options[key] = value;
  }
  return options;
}
