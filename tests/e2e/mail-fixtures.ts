/**
 * Fixtures for specs that read the site's e-mail: a real SMTP server (smtp-server on loopback)
 * per worker, and the worker's site started with SMTP_URL pointing at it.
 */
import { SMTPServer } from "smtp-server";
import { type SiteServer, startSite, stopSite, test as base } from "./fixtures";

export type Mail = { to: string[]; raw: string; text: string };
export type Mailbox = { url: string; mails: Mail[]; to(address: string): Mail[] };

export const test = base.extend<object, { mailbox: Mailbox }>({
  mailbox: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures must destructure their first argument
    async ({}, use) => {
      const mails: Mail[] = [];
      const smtp = new SMTPServer({
        authOptional: true,
        disabledCommands: ["STARTTLS", "AUTH"],
        logger: false,
        onData(stream, session, done) {
          let raw = "";
          stream.on("data", (c: Buffer) => (raw += c.toString()));
          stream.on("end", () => {
            // Undo quoted-printable soft breaks so links and sentences read whole.
            const text = raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
            mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, text });
            done();
          });
        },
      });
      await new Promise<void>((r) => smtp.listen(0, "127.0.0.1", r));
      const port = (smtp.server.address() as { port: number }).port;
      await use({ url: `smtp://127.0.0.1:${port}`, mails, to: (a) => mails.filter((m) => m.to.includes(a)) });
      await new Promise<void>((r) => smtp.close(() => r()));
    },
    { scope: "worker" },
  ],
  site: [
    async ({ mailbox }, use) => {
      const site = await startSite({ SMTP_URL: mailbox.url, MAIL_FROM: "site@example.com", BUSINESS_EMAIL: "owner@example.com" });
      await use(site);
      await stopSite(site);
    },
    { scope: "worker" },
  ],
});

/**
 * The mail fixtures on a site of the spec's own (`ownSite`, with `baseURL` pointing at it), for
 * specs whose changes (stock, bookings, accounts) other specs would see.
 */
export const ownMailSiteTest = test.extend<object, { ownSite: SiteServer }>({
  ownSite: [
    async ({ mailbox }, use) => {
      const site = await startSite({ SMTP_URL: mailbox.url, MAIL_FROM: "site@example.com", BUSINESS_EMAIL: "owner@example.com" });
      await use(site);
      await stopSite(site);
    },
    { scope: "worker" },
  ],
  baseURL: async ({ ownSite }, use) => use(ownSite.url),
});

export { expect } from "./fixtures";
