/**
 * Mail beyond an address's hourly limit waits and is sent when the hour allows it, one of each kind
 * (decision 071): a reset link or a back-in-stock notice is never lost, and a stranger asking again
 * and again still cannot flood the inbox.
 */
import { expect, test } from "bun:test";
import { startedPerTest } from "../../tests/helpers/per-test";
import type { TestApp } from "../../tests/helpers/test-app";
import { customerWithSession } from "../../tests/factories";
import { browser } from "../../tests/helpers/browser";
import { peekPasswordReset } from "../db/password-resets.server";
import { customerMailPerHour, enqueueCustomerMail, enqueueMail, enqueueOptionalMail } from "./outbox.server";

const started = startedPerTest();
const hour = 60 * 60 * 1000;

type Row = { id: number; subject: string; text: string; status: string; next: number; created: number };
const rowsTo = (t: TestApp, to: string) =>
  t.db.$client
    .query('SELECT id, subject, text, status, next_attempt_at AS next, created_at AS created FROM outbox WHERE lower("to") = lower(?) ORDER BY id')
    .all(to) as Row[];

/** Moves the outbox an hour (and a minute) into the past, as if that time had gone by. */
const anHourLater = (t: TestApp) =>
  t.db.$client.query(`UPDATE outbox SET created_at = created_at - ${hour + 60_000}, next_attempt_at = next_attempt_at - ${hour + 60_000}`).run();

test("a reset link asked for beyond the address's hour waits, replaces an older waiting one, and is sent when the hour allows, working for an hour from then", async () => {
  const smtp = await started.smtpServer();
  const t = started.app({ SMTP_URL: smtp.url });
  customerWithSession(t.db, "ann@example.com");
  const asks = customerMailPerHour + 3;
  for (let i = 0; i < asks; i++) {
    t.setIp(`198.51.100.${i + 1}`);
    expect((await browser(t).post("/forgot-password", { email: "ann@example.com" })).status).toBe(200);
  }
  await t.deps.outbox.drain();
  await smtp.waitFor(customerMailPerHour);
  const rows = rowsTo(t, "ann@example.com");
  // The limit's messages went; one more waits (the newest of the three asked for past it).
  expect(rows).toHaveLength(customerMailPerHour + 1);
  const held = rows.at(-1)!;
  expect(held.status).toBe("pending");
  expect(held.next).toBeGreaterThanOrEqual(rows[0]!.created + hour);
  expect(smtp.received).toHaveLength(customerMailPerHour);
  const tokens = rows.map((r) => /token=([\w-]+)/.exec(r.text)?.[1]);
  const heldToken = tokens.at(-1)!;
  expect(new Set(tokens).size).toBe(tokens.length);
  // The held link still works half an hour after it goes out, more than an hour after it was asked for.
  expect(peekPasswordReset(t.db, heldToken, held.next + 30 * 60_000)).not.toBeNull();

  anHourLater(t);
  await t.deps.outbox.drain();
  await smtp.waitFor(customerMailPerHour + 1);
  expect(smtp.received.at(-1)!.raw).toContain(heldToken);
  await t.deps.outbox.drain();
  expect(rowsTo(t, "ann@example.com").every((r) => r.status === "sent")).toBe(true);
}, 20_000);

test("held messages of the same kind to one address collapse to the latest; another kind waits beside it, and the hour's places are spread out", () => {
  const t = started.app();
  for (let i = 0; i < customerMailPerHour; i++) enqueueCustomerMail(t.db, { to: "jo@example.com", subject: `Notice ${i}`, text: "x" });
  for (let i = 0; i < 20; i++) enqueueCustomerMail(t.db, { to: "JO@example.com", subject: "Reset your password", text: `link ${i}` }, new Date(), "hold");
  enqueueCustomerMail(t.db, { to: "jo@example.com", subject: "Someone tried to create an account", text: "notice" }, new Date(), "hold");
  const rows = rowsTo(t, "jo@example.com");
  expect(rows).toHaveLength(customerMailPerHour + 2);
  const [reset, signUp] = rows.slice(-2);
  expect(reset).toMatchObject({ subject: "Reset your password", text: "link 19", status: "pending" });
  expect(signUp!.subject).toBe("Someone tried to create an account");
  // Each waits for a place of its own: the first when the first message turns an hour, the next after the second.
  expect(reset!.next).toBe(rows[0]!.created + hour);
  expect(signUp!.next).toBe(rows[1]!.created + hour);
  // Refusing still refuses: a typed address over its limit is answered 429.
  expect(() => enqueueCustomerMail(t.db, { to: "jo@example.com", subject: "Payment instructions", text: "x" })).toThrow();
});

test("a back-in-stock notice to a busy inbox waits for the hour instead of being dropped", async () => {
  const smtp = await started.smtpServer();
  const t = started.app({ SMTP_URL: smtp.url });
  for (let i = 0; i < customerMailPerHour; i++) enqueueMail(t.db, { to: "sam@example.com", subject: `Your order ${i} has shipped`, text: "On its way." });
  const notice = (slug: string, token: string, words: string) => ({
    to: "sam@example.com",
    subject: "Back in stock: something on your wishlist",
    text: `${words}\nhttps://pi.example/shop/product/${slug}\nhttps://pi.example/wishlist/unsubscribe?token=${token}`,
  });
  const first = enqueueOptionalMail(t.db, notice("gps", "a1", "old"));
  const second = enqueueOptionalMail(t.db, notice("gps", "b2", "new GPS tracker"));
  // Another product's notice is another kind: it waits beside the first, it does not replace it.
  const other = enqueueOptionalMail(t.db, notice("camera", "c3", "Trail camera"));
  expect(second).toBe(first);
  expect(other).not.toBe(first);
  await t.deps.outbox.drain();
  await smtp.waitFor(customerMailPerHour);
  expect(smtp.received.some((m) => m.raw.includes("Back in stock"))).toBe(false);
  anHourLater(t);
  await t.deps.outbox.drain();
  const all = await smtp.waitFor(customerMailPerHour + 2);
  expect(all.slice(-2).map((m) => m.raw.includes("new GPS tracker") || m.raw.includes("Trail camera"))).toEqual([true, true]);
}, 20_000);
