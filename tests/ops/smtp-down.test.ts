/**
 * The mail server down for a day, on a simulated clock (libfaketime moves the binary's wall clock
 * forward; its timers keep real time): every message stays queued and is retried, none is given
 * up, and all are delivered, once each, within one retry interval of the server coming back.
 */
import { Database } from "bun:sqlite";
import { afterAll, expect, test } from "bun:test";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startSmtpServer } from "../helpers/smtp";
import { dataDir, freePort, killLeftovers, logLines, startInstance, stopInstance, waitFor } from "./lib";

const libfaketime = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1";
afterAll(killLeftovers);

test.skipIf(!existsSync(libfaketime))(
  "mail written while the SMTP server is down for a day is all delivered, once, when it returns",
  async () => {
    const dir = dataDir("smtp-down");
    const clock = join(dir, "faketime");
    let offsetHours = 0;
    const setClock = (hours: number) => {
      offsetHours = hours;
      writeFileSync(clock, `+${hours}h\n`);
    };
    setClock(0);
    const smtpPort = freePort(); // nothing listens there yet: the mail server is down
    const site = await startInstance(dir, freePort(), {
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: "site@example.com",
      BUSINESS_EMAIL: "owner@example.com",
      TRUST_PROXY: "1",
      LD_PRELOAD: libfaketime,
      FAKETIME_TIMESTAMP_FILE: clock,
      FAKETIME_CACHE_DURATION: "1",
      FAKETIME_DONT_FAKE_MONOTONIC: "1",
    });
    const db = new Database(join(dir, "pi-site.db"), { readonly: true });
    const outbox = () => db.query<{ status: string; attempts: number }, []>("SELECT status, attempts FROM outbox ORDER BY id").all();
    let n = 0;
    /** A visitor's enquiry: queues a notice to the owner, and makes the worker try every due message. */
    const enquire = async () => {
      n++;
      const res = await fetch(`${site.base}/api/contacts`, {
        method: "POST",
        headers: { Origin: site.base, "Content-Type": "application/json", "X-Forwarded-For": `10.0.0.${n}` },
        body: JSON.stringify({ name: `Caller ${n}`, email: `caller${n}@example.com`, service: "other", urgency: "normal", message: `Enquiry ${n}` }),
      });
      expect(res.status).toBe(201);
    };

    try {
      // A day in steps of four hours; each step, a new enquiry and another failed attempt at every message.
      for (let hours = 0; hours <= 24; hours += 4) {
        setClock(hours);
        await Bun.sleep(1_100); // the clock file is read at most once a second
        const before = outbox().reduce((a, m) => a + m.attempts, 0);
        await enquire();
        await waitFor(
          `the attempts at +${hours}h (${JSON.stringify(outbox())}, before ${before})`,
          () => outbox().reduce((a, m) => a + m.attempts, 0) >= before + outbox().length,
          15_000,
        );
        expect(outbox().every((m) => m.status === "pending")).toBe(true);
      }
      expect(outbox()).toHaveLength(7);
      // The oldest has been retried at every step and is reported as undelivered for hours.
      expect(outbox()[0]?.attempts).toBeGreaterThanOrEqual(7);
      expect(logLines(site, "mail undelivered for hours").length).toBeGreaterThan(0);

      // The mail server comes back a day and an hour later; everything goes within one retry interval (30 min).
      const smtp = await startSmtpServer(smtpPort);
      try {
        setClock(25.5);
        await waitFor("every message to be delivered", () => smtp.received.length >= 7, 45_000);
        await Bun.sleep(500);
        expect(smtp.received).toHaveLength(7);
        expect(outbox().every((m) => m.status === "sent")).toBe(true);
        const subjects = smtp.received.map((m) => /^Subject: (.*)$/m.exec(m.raw)?.[1]).sort();
        expect(new Set(subjects).size).toBe(7);
      } finally {
        await smtp.close();
      }
      expect(offsetHours).toBe(25.5);
      expect(await stopInstance(site)).toBe(0);
    } finally {
      db.close();
    }
  },
  60_000,
);
