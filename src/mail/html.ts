/**
 * The HTML part of every e-mail, made from its text when it is sent, so each template is written
 * once as plain text and still arrives as a readable, accessible HTML message in the site's colours.
 * The text keeps its conventions and the HTML follows them:
 * - a blank line ends a block; the subject is the one `h1`;
 * - a short line ending in ":" followed by indented lines ("Shipping to:") is a heading (`h2`) over them;
 * - consecutive `Label: value` lines are a table of facts; other indented lines are a list;
 * - a line that is only a link is a button that says where it leads (`buttonLabel`): its address, often
 *   carrying a token, stays in the text part only; a sentence ending in a link keeps it as a link.
 * Links are never an image or a style.
 * Everything is escaped; styles are inline; the message loads nothing (no images, fonts or CSS).
 */

/** The site's palette (src/styles/app.css), as mail clients need literal colours. */
const colour = {
  page: "#f1f4f8",
  card: "#ffffff",
  border: "#dde3ea",
  text: "#0f172a",
  muted: "#475569",
  primary: "#0b5563",
  primaryContent: "#ffffff",
};
const font = "font-family:system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

export type MailFrame = {
  subject: string;
  text: string;
  businessName: string;
  /** Shown under the message: how to reach the business. */
  contact?: string;
};

const escapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => escapes[c] ?? c);
}

const urlPattern = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)]/g;

/** Escaped text with its web addresses as links (the address is the link's text, as in the text part). */
function inline(text: string): string {
  let out = "";
  let last = 0;
  for (const match of text.matchAll(urlPattern)) {
    const at = match.index ?? 0;
    out += escapeHtml(text.slice(last, at));
    const url = match[0];
    out += `<a href="${escapeHtml(url)}" style="color:${colour.primary};text-decoration:underline;word-break:break-all">${escapeHtml(url)}</a>`;
    last = at + url.length;
  }
  return out + escapeHtml(text.slice(last));
}

const isIndented = (line: string) => /^\s{2,}\S/.test(line);
// "Order number: PI-1", "BSB: 062-000", "  Account name: ..." (a short label without a sentence's end).
const factPattern = /^\s*([A-Za-z][A-Za-z0-9 ()/'’-]{0,32}):\s+(\S.*)$/;
const isHeading = (line: string, next: string | undefined) => /^[^\s].{0,40}:$/.test(line) && next !== undefined && isIndented(next);
const isLinkOnly = (line: string) => /^\s*https?:\/\/\S+\s*$/.test(line);

function fact(line: string): [string, string] | null {
  const m = factPattern.exec(line);
  if (!m?.[1] || !m[2]) return null;
  // A label is a few words, not the start of a sentence ("Transfer $10 to: ..." has a digit and "$").
  if (m[1].split(" ").length > 4) return null;
  // "https: //..." is not a label.
  if (/^https?$/i.test(m[1])) return null;
  return [m[1], m[2]];
}

/** The words on a link's button, by where it leads: first match wins. */
const buttonLabels: [RegExp, string][] = [
  [/^\/reset-password\b/, "Choose a new password"],
  [/^\/forgot-password\b/, "Reset your password"],
  [/^\/verify-email\b/, "Confirm your e-mail address"],
  [/^\/login\b/, "Sign in"],
  [/\/unsubscribe\b/, "Stop these e-mails"],
  [/^\/shop\/product\/[^#]*#write-review$/, "Write your review"],
  [/^\/shop\/product\//, "See the product"],
  [/^\/shop\b/, "Visit the shop"],
  [/^\/bookings\/[^/]+\/move\b/, "Move your booking"],
  [/^\/bookings?\b/, "See your booking"],
  [/^\/orders?\//, "See your order"],
  [/^\/invoices?\//, "See your invoice"],
  [/^\/dashboard\b/, "Go to your dashboard"],
  [/^\/admin\b/, "Open in the admin portal"],
];

/** What a link-only line's button says: the words for its page, never the address itself (which may carry a token). */
export function buttonLabel(url: string): string {
  let path = "";
  try {
    const parsed = new URL(url);
    path = parsed.pathname + parsed.hash;
  } catch {
    return "Open the link";
  }
  return buttonLabels.find(([pattern]) => pattern.test(path))?.[1] ?? "Open the link";
}

const p = (body: string) => `<p style="margin:0 0 12px;line-height:1.55">${body}</p>`;

function factTable(rows: [string, string][]): string {
  const cells = rows
    .map(
      ([label, value]) =>
        `<tr><th scope="row" style="text-align:left;vertical-align:top;padding:4px 16px 4px 0;font-weight:600;color:${colour.muted};white-space:nowrap">${escapeHtml(label)}:</th>` +
        // A long word wraps rather than running past a phone's screen (wallet addresses are stacked as lists, not facts).
        `<td style="padding:4px 0;vertical-align:top;overflow-wrap:break-word">${inline(value)}</td></tr>`,
    )
    .join("");
  return `<table style="border-collapse:collapse;margin:0 0 12px;font-size:15px">${cells}</table>`;
}

function list(items: string[]): string {
  return `<ul style="margin:0 0 12px;padding-left:20px;line-height:1.55;overflow-wrap:anywhere">${items.map((i) => `<li>${inline(i.trim())}</li>`).join("")}</ul>`;
}

/** The body of the message from its text lines. */
export function textToHtmlBody(text: string): string {
  const lines = text.split(/\r?\n/);
  const out: string[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) out.push(p(paragraph.map(inline).join("<br>")));
    paragraph = [];
  };
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? "";
    if (line.trim() === "") {
      flush();
      i++;
      continue;
    }
    if (isHeading(line, lines[i + 1])) {
      flush();
      out.push(`<h2 style="margin:16px 0 8px;font-size:16px;line-height:1.3;color:${colour.text}">${escapeHtml(line.slice(0, -1))}</h2>`);
      i++;
      continue;
    }
    if (isLinkOnly(line)) {
      flush();
      const url = line.trim();
      // The button says what it does; the address (with its token) stays only in the text part.
      out.push(
        p(
          `<a href="${escapeHtml(url)}" style="display:inline-block;background:${colour.primary};color:${colour.primaryContent};padding:10px 16px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(buttonLabel(url))}</a>`,
        ),
      );
      i++;
      continue;
    }
    if (fact(line)) {
      flush();
      const rows: [string, string][] = [];
      while (i < lines.length) {
        const f = fact(lines[i] ?? "");
        if (!f) break;
        rows.push(f);
        i++;
      }
      out.push(factTable(rows));
      continue;
    }
    if (isIndented(line)) {
      flush();
      const items: string[] = [];
      while (i < lines.length && isIndented(lines[i] ?? "") && !fact(lines[i] ?? "")) {
        items.push(lines[i] ?? "");
        i++;
      }
      out.push(list(items));
      continue;
    }
    paragraph.push(line);
    i++;
  }
  flush();
  return out.join("\n");
}

/**
 * The hidden line mail apps show as the message's preview (in the inbox list and on a lock
 * screen): the subject, which names neither a service nor the trade (decision 069), then blank
 * space so the preview does not run on into the message's words.
 */
export function previewLine(subject: string): string {
  return `<div style="display:none;max-height:0;overflow:hidden;mso-hide:all" aria-hidden="true">${escapeHtml(subject)}${"&#847;&zwnj;&nbsp;".repeat(90)}</div>`;
}

/** The whole HTML document of a message: the business's name as a header, the subject, the body, a footer. */
export function renderMailHtml(frame: MailFrame): string {
  const name = escapeHtml(frame.businessName);
  const footer = frame.contact ? `${name} · ${inline(frame.contact)}` : name;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(frame.subject)}</title>
</head>
<body style="margin:0;padding:0;background:${colour.page};color:${colour.text};${font};font-size:15px">
${previewLine(frame.subject)}
<div role="article" aria-label="${escapeHtml(frame.subject)}" lang="en" style="max-width:600px;margin:0 auto;padding:16px">
<div style="background:${colour.primary};color:${colour.primaryContent};padding:14px 20px;border-radius:8px 8px 0 0;font-weight:700;font-size:17px">${name}</div>
<main style="display:block;background:${colour.card};border:1px solid ${colour.border};border-top:0;border-radius:0 0 8px 8px;padding:20px">
<h1 style="margin:0 0 16px;font-size:20px;line-height:1.3;color:${colour.text}">${escapeHtml(frame.subject)}</h1>
${textToHtmlBody(frame.text)}
</main>
<p style="margin:12px 0 0;font-size:13px;line-height:1.5;color:${colour.muted};text-align:center">${footer}</p>
</div>
</body>
</html>
`;
}
