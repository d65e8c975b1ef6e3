/** Mail delivery: SMTP through nodemailer when SMTP_URL is set, otherwise the log. */
import { log } from "../server/log.server";
import { redactSecrets } from "./redact";

export type OutgoingMail = {
  from: string;
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
        // at info; the body at debug, and even then with secrets in links hidden.
        log.info("mail (no SMTP_URL set, written to the log)", { to: mail.to, subject: mail.subject });
        log.debug("mail body", { to: mail.to, subject: mail.subject, text: redactSecrets(mail.text) });
      },
    };
  }
  // Loaded only when mail is configured: it is a large module a site without SMTP never needs.
  const transporter = import("nodemailer").then((m) => m.default.createTransport(smtpUrl));
  return {
    kind: "smtp",
    async send(mail) {
      await (await transporter).sendMail(mail);
    },
  };
}
