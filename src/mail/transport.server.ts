/** Mail delivery: SMTP through nodemailer when SMTP_URL is set, otherwise the log. */
import { log } from "../server/log.server";

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
        log.info("mail (no SMTP_URL set, written to the log)", {
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
        });
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
