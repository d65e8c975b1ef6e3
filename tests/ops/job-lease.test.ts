/**
 * Two instances on one data directory (an upgrade) share the background work through the job
 * lease (decision 050): a queued outbox is sent exactly once to a real SMTP server however the
 * work moves between them, and when the holder is killed (kill -9) the other takes over once the
 * lease has expired.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";
import { openDatabase, type Db } from "../../src/db/client.server";
import { jobLeaseTtlMs } from "../../src/server/repeating-job.server";
import { leaseHolder } from "../../src/db/job-lease.server";
import { enqueueMail } from "../../src/mail/outbox.server";
import { dataDir, freePort, killLeftovers, logLines, startInstance, stopInstance, waitFor } from "./lib";

/** A real SMTP server that takes `delayMs` over each message, so deliveries overlap a hand-over. */
function slowSmtp(delayMs: number) {
  const subjects: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, done) {
      let raw = "";
      stream.on("data", (c: Buffer) => (raw += c.toString()));
      stream.on("end", () => {
        subjects.push(/^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? "?");
        setTimeout(done, delayMs);
      });
    },
  });
  // A killed instance leaves its connection half-open: a reset, not a failure of the test.
  server.on("error", () => {});
  return { server, subjects };
}

const smtp = slowSmtp(40);
let smtpUrl = "";
beforeAll(async () => {
  await new Promise<void>((r) => smtp.server.listen(0, "127.0.0.1", r));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await killLeftovers();
  await new Promise<void>((r) => smtp.server.close(() => r()));
});

function queue(db: Db, prefix: string, n: number) {
  for (let i = 1; i <= n; i++) enqueueMail(db, { to: `customer${i}@example.com`, subject: `${prefix} ${i}`, text: `Message ${i}` });
}

/** Each subject of `prefix` received, and how often. */
function counts(prefix: string) {
  const seen = new Map<string, number>();
  for (const s of smtp.subjects.filter((s) => s.startsWith(`${prefix} `))) seen.set(s, (seen.get(s) ?? 0) + 1);
  return seen;
}

test("two instances on one data directory send a queued outbox exactly once, across a hand-over", async () => {
  const dir = dataDir("lease");
  const db = openDatabase(join(dir, "pi-site.db"));
  queue(db, "Queued", 60);
  const port = freePort();
  const env = { SMTP_URL: smtpUrl, MAIL_FROM: "site@example.com" };
  // Both start at once, as in an upgrade started before the old one had sent anything.
  const [a, b] = await Promise.all([startInstance(dir, port, env), startInstance(dir, port, env)]);
  const holderFirst = leaseHolder(db, "background-jobs")?.holder;
  const [first, second] = holderFirst?.includes(`/${a.proc.pid}/`) ? [a, b] : [b, a];
  expect(holderFirst).toContain(`/${first.proc.pid}/`);
  // The holder is stopped part-way through; the other sends the rest.
  await waitFor("a part of the outbox to be sent", () => smtp.subjects.length >= 10);
  expect(await stopInstance(first, "SIGTERM")).toBe(0);
  const sentByFirst = counts("Queued").size;
  expect(sentByFirst).toBeLessThan(60);
  await waitFor("the whole outbox to be sent", () => counts("Queued").size === 60, 30_000);
  await Bun.sleep(1_000);
  const seen = counts("Queued");
  expect([...seen.values()].every((n) => n === 1)).toBe(true);
  expect(smtp.subjects.filter((s) => s.startsWith("Queued ")).length).toBe(60);
  expect(logLines(second, "job lease taken")).toHaveLength(1);
  const rows = db.$client.query<{ status: string; n: number }, []>("SELECT status, count(*) AS n FROM outbox GROUP BY status").all();
  expect(rows).toEqual([{ status: "sent", n: 60 }]);
  expect(await stopInstance(second, "SIGTERM")).toBe(0);
  db.$client.close();
}, 60_000);

test("when the holder is killed (kill -9), the other instance takes the work over once the lease expires", async () => {
  const dir = dataDir("lease-kill");
  const port = freePort();
  const env = { SMTP_URL: smtpUrl, MAIL_FROM: "site@example.com" };
  const holder = await startInstance(dir, port, env);
  const other = await startInstance(dir, port, env);
  const db = openDatabase(join(dir, "pi-site.db"));
  expect(leaseHolder(db, "background-jobs")?.holder).toContain(`/${holder.proc.pid}/`);
  expect(logLines(other, "job lease taken")).toHaveLength(0);

  await stopInstance(holder, "SIGKILL");
  const killedAt = Date.now();
  queue(db, "After the crash", 5);
  await waitFor("the other instance to take the lease", () => logLines(other, "job lease taken").length === 1, jobLeaseTtlMs + 15_000);
  // Not before the dead holder's lease had expired.
  expect(Date.now() - killedAt).toBeGreaterThanOrEqual(jobLeaseTtlMs - 6_000);
  expect(leaseHolder(db, "background-jobs")?.holder).toContain(`/${other.proc.pid}/`);
  await waitFor("the mail queued after the crash", () => counts("After the crash").size === 5, 10_000).catch((err) => {
    throw new Error(`${(err as Error).message}\n${other.logs.join("")}`);
  });
  expect([...counts("After the crash").values()].every((n) => n === 1)).toBe(true);
  expect(await stopInstance(other, "SIGTERM")).toBe(0);
  db.$client.close();
}, 60_000);
