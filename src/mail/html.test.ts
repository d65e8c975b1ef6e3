import { afterAll, beforeAll, expect, test } from "bun:test";
import { simpleParser, type ParsedMail } from "mailparser";
import { startSmtpServer } from "../../tests/helpers/smtp";
import { createTestApp, type TestApp } from "../../tests/helpers/test-app";
import { renderMailHtml, textToHtmlBody } from "./html";
import { enqueueMail, type MailMessage } from "./outbox.server";
import { everyTemplate, settings } from "../../tests/helpers/mail-samples";

/** The words a reader sees in an HTML document: tags gone, entities decoded, spaces collapsed. */
function visibleText(html: string): string {
  const body = html.replace(/<head>[\s\S]*?<\/head>/i, "");
  return body
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/?(a|strong|em|b|span)\b[^>]*>/gi, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}
const squash = (s: string) => s.replace(/\s+/g, " ").trim();

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const parsed = new Map<string, ParsedMail>();

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = createTestApp({ SMTP_URL: smtp.url, BUSINESS_EMAIL: "owner@example.com", MAIL_FROM: "Site <site@example.com>" });
  t.db.$client.run("UPDATE settings SET value = ? WHERE key = 'businessName'", [JSON.stringify(settings.businessName)]);
  const names = Object.keys(everyTemplate);
  for (const name of names) enqueueMail(t.db, everyTemplate[name] as MailMessage);
  // A drain sends 50 at most: drain until every sample went.
  while ((await t.deps.outbox.drain()) > 0);
  const received = await smtp.waitFor(names.length, 20_000);
  for (const [i, mail] of received.entries()) parsed.set(names[i] as string, await simpleParser(mail.raw));
}, 30_000);

afterAll(async () => {
  t.close();
  await smtp.close();
});

test("every template arrives through SMTP with an HTML part and the same text part", () => {
  expect(parsed.size).toBe(Object.keys(everyTemplate).length);
  for (const [name, mail] of parsed) {
    const sent = everyTemplate[name] as MailMessage;
    expect({ name, subject: mail.subject }).toEqual({ name, subject: sent.subject });
    expect({ name, text: mail.text?.trimEnd() }).toEqual({ name, text: sent.text.trimEnd() });
    expect({ name, html: typeof mail.html }).toEqual({ name, html: "string" });
  }
});

test("the HTML of every template states every fact of its text", () => {
  for (const [name, mail] of parsed) {
    const seen = visibleText(mail.html || "");
    for (const line of (everyTemplate[name] as MailMessage).text.split("\n")) {
      const words = squash(line).replace(/:$/, "");
      // A link on a line of its own is a button with words; its address is the button's target.
      if (/^https?:\/\/\S+$/.test(words)) {
        expect({ name, line: words, target: (mail.html || "").includes(`href="${words.replace(/&/g, "&amp;")}"`) }).toEqual({
          name,
          line: words,
          target: true,
        });
        continue;
      }
      if (words) expect({ name, line: words, found: seen.includes(words) }).toEqual({ name, line: words, found: true });
    }
  }
});

test("the HTML is an accessible document that loads nothing from anywhere", () => {
  for (const [name, mail] of parsed) {
    const html = mail.html || "";
    expect({ name, lang: /<html lang="en">/.test(html) }).toEqual({ name, lang: true });
    expect({ name, h1: html.match(/<h1\b/g)?.length }).toEqual({ name, h1: 1 });
    expect({ name, title: /<title>[^<]+<\/title>/.test(html) }).toEqual({ name, title: true });
    // Nothing that fetches: no images, stylesheets, scripts, frames or CSS urls; links are only <a href>.
    expect({ name, loads: html.match(/<(img|link|script|iframe|object|embed|video|audio|source)\b|url\(|@import|\bsrc=/gi) }).toEqual({ name, loads: null });
    for (const m of html.matchAll(/\bhttps?:\/\/[^\s"'<>]+/g)) {
      const before = html.slice(Math.max(0, (m.index ?? 0) - 6), m.index);
      // Every address is a link's target or its visible text, never a resource.
      expect({ name, url: m[0], ok: before.endsWith('href="') || before.endsWith(">") }).toEqual({ name, url: m[0], ok: true });
    }
  }
});

test("no message's footer shows the shipped placeholder phone or e-mail: it reads the settings customers may see (decision 037)", () => {
  for (const [name, mail] of parsed) {
    const footer = /<\/main>\s*<p[^>]*>([\s\S]*?)<\/p>/.exec(mail.html || "")?.[1];
    expect({ name, footer: typeof footer }).toEqual({ name, footer: "string" });
    expect({ name, phone: footer?.includes("0000 0000"), email: footer?.includes("enquiries@example.com") }).toEqual({ name, phone: false, email: false });
  }
});

test("a button carries words, never its address: no link's visible text holds a token", () => {
  for (const [name, mail] of parsed) {
    for (const m of (mail.html || "").matchAll(/<a href="[^"]*"[^>]*display:inline-block[^>]*>([^<]*)<\/a>/g)) {
      expect({ name, button: m[1], url: /https?:|token=/.test(m[1] ?? "") }).toEqual({ name, button: m[1], url: false });
    }
    for (const m of (mail.html || "").matchAll(/<a [^>]*>([^<]*)<\/a>/g)) {
      expect({ name, text: m[1], token: /token=/.test(m[1] ?? "") }).toEqual({ name, text: m[1], token: false });
    }
  }
});

test("attachments still travel with the HTML and text", () => {
  const mail = parsed.get("bookingConfirmationMail");
  expect(mail?.attachments.map((a) => a.filename)).toEqual(["appointment.ics"]);
  expect(mail?.html).toContain("Discreet Check Up");
});

test("what a visitor typed is escaped in the HTML", () => {
  const html = renderMailHtml({ subject: "Hi <b>there</b>", text: `Name: <script>alert(1)</script>\n<img src=x onerror=alert(1)>`, businessName: "A & B" });
  expect(html).not.toContain("<script>");
  expect(html).not.toContain("<img");
  expect(html).toContain("&lt;script&gt;");
  expect(html).toContain("A &amp; B");
  expect(html).toContain("<title>Hi &lt;b&gt;there&lt;/b&gt;</title>");
});

test("the text's shapes become headings, fact tables, lists and links", () => {
  const body = textToHtmlBody(
    ["Thank you.", "", "Order number: PI-1", "Total: $10.00 USD", "", "Shipping to:", "  Sam Lee", "  1 Example St", "", "https://pi.example/orders/PI-1"].join(
      "\n",
    ),
  );
  expect(body).toContain('<th scope="row"');
  expect(body).toMatch(/<th[^>]*>Order number:<\/th><td[^>]*>PI-1<\/td>/);
  expect(body).toMatch(/<h2[^>]*>Shipping to<\/h2>/);
  expect(body).toMatch(/<ul[^>]*><li>Sam Lee<\/li><li>1 Example St<\/li><\/ul>/);
  expect(body).toContain('<a href="https://pi.example/orders/PI-1"');
  expect(body).toMatch(/<a href="https:\/\/pi.example\/orders\/PI-1"[^>]*>See your order<\/a>/);
});

test("a button says where it leads", () => {
  const button = (url: string) => /<a [^>]*>([^<]*)<\/a>/.exec(textToHtmlBody(`Open it here:\n${url}`))?.[1];
  expect(button("https://pi.example/reset-password?token=abc123")).toBe("Choose a new password");
  expect(button("https://pi.example/verify-email?token=abc123")).toBe("Confirm your e-mail address");
  expect(button("https://pi.example/wishlist/unsubscribe?token=1.abc.def")).toBe("Stop these e-mails");
  expect(button("https://pi.example/unsubscribe/booking-reminders?token=v1.a.b.c")).toBe("Stop these e-mails");
  expect(button("https://pi.example/shop/product/gps#write-review")).toBe("Write your review");
  expect(button("https://pi.example/shop/product/gps")).toBe("See the product");
  expect(button("https://pi.example/bookings/12/move")).toBe("Move your booking");
  expect(button("https://pi.example/login")).toBe("Sign in");
  expect(button("https://tracking.example/T1?x=1")).toBe("Open the link");
});
