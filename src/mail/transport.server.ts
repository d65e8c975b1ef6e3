/** Mail delivery: SMTP through nodemailer when SMTP_URL is set, otherwise the log. */
import { log } from "../server/log.server";
import { redactSecrets } from "./redact";
import { smtpOptions } from "./smtp-url";

export type OutgoingMail = {
  /** An address object is quoted and encoded by nodemailer, whatever the name holds. */
  from: string | { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  attachments?: { filename: string; content: string; contentType: string }[];
};

export type MailTransport = { kind: "smtp" | "log"; send(mail: OutgoingMail): Promise<void> };

/** The transport for this configuration. */
export function createMailTransport(smtpUrl: string | undefined): MailTransport {
  if (!smtpUrl) {
    return {
      kind: "log",
      async send(mail) {
        // Bodies hold private text (notes, enquiries, live reset links): only recipient and subject
        // at info; the whole message (its headers, attachment names, text and HTML) at debug, and
        // even then with secrets in links hidden.
        log.info("mail (no SMTP_URL set, written to the log)", { to: mail.to, subject: mail.subject });
        log.debug("mail message", {
          from: mail.from,
          to: mail.to,
          replyTo: mail.replyTo ?? null,
          subject: mail.subject,
          attachments: (mail.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType, bytes: a.content.length })),
          text: redactSecrets(mail.text),
          html: mail.html === undefined ? null : redactSecrets(mail.html),
        });
      },
    };
  }
  // Loaded only when mail is configured: it is a large module a site without SMTP never needs. The
  // URL is read here (smtp-url.ts): nodemailer would read it with the deprecated url.parse().
  const options = smtpOptions(smtpUrl);
  const transporter = import("nodemailer").then((m) => m.default.createTransport(options));
  return {
    kind: "smtp",
    async send(mail) {
      await (await transporter).sendMail(mail);
    },
  };
}
