/**
 * The outbox: every e-mail is written to the database first (inside the caller's transaction when
 * there is one), then delivered by the worker and retried with backoff for as long as it takes, so
 * a mail server that is down never loses a message. Failures stay visible: each row keeps its
 * attempts and last error, a message undelivered for long is logged as a warning, and
 * `listUndeliveredMail` lists them for the back office.
 */
import { and, asc, desc, eq, gt, gte, inArray, lte, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { outbox } from "../db/schema";
import { getSettings } from "../db/settings.server";
import { defaultSettings, type Settings } from "../shared/settings";
import { HttpError } from "../server/errors";
import { log } from "../server/log.server";
import { currentJobLease } from "../server/repeating-job.server";
import { renderMailHtml } from "./html";
import { frameContactLine, replyToWhenQueued, senderOf, recordBusinessEmailOverride, recordSiteOrigin } from "./sender.server";
import type { MailTransport, OutgoingMail } from "./transport.server";

/**
 * A message as the site writes it; the sender is added when it is sent, and a message to anyone
 * but the business that names no Reply-To gets the business's address when it is queued.
 */
export type MailMessage = Omit<OutgoingMail, "from">;

/** Customer mail queued to one address within an hour, at most, until the owner changes the setting. */
export const customerMailPerHour = defaultSettings.customerMailPerHour;

/** A message undelivered for longer than this is logged as a warning at every further attempt. */
export const undeliveredWarningHours = 6;

const hourMs = 60 * 60 * 1000;

/**
 * Thrown when a message would exceed the per-recipient limit. It is an HttpError so that the
 * transaction queuing the mail rolls back and every form answers 429 without its own mapping.
 */
export class RecipientMailLimitError extends HttpError {
  constructor(limit: number) {
    super(
      429,
      "mail_limited",
      `We have already sent ${limit} e-mails to this address in the last hour. Please try again later or use another e-mail address.`,
      undefined,
      { "Retry-After": String(60 * 60) },
    );
  }
}

/**
 * Writes a message to the outbox; it is sent by the worker. Synchronous, so it can join a
 * transaction. For mail the business owes: its own notices, and what it sends a customer at the
 * address they proved about what they did or bought (a booking's confirmation, an order's e-mails,
 * payment instructions, a change they made, a receipt). It is never refused and never counts
 * against the per-recipient limit, which is about what strangers can cause (decision 064); the
 * customer's own actions are limited per account instead.
 */
export function enqueueMail(db: Db, message: MailMessage): number {
  return insertMail(db, message, false, getSettings(db));
}

/**
 * What to do with a visitor's message beyond the recipient's limit: refuse the request (429), skip
 * the message, or hold it until the address's hour allows it (decision 071).
 */
export type OverRecipientLimit = "refuse" | "skip" | "hold";

/**
 * How many messages were queued to `to` since `since` (addresses compared without case): with
 * `strangersOnly`, only those a stranger could cause (`enqueueCustomerMail`), else every message.
 */
export function mailQueuedTo(db: Db, to: string, since: Date, strangersOnly = false): number {
  const recent = db
    .select({ n: sql<number>`count(*)` })
    .from(outbox)
    // Addresses differ only in case for the same inbox: outbox_recipient_idx is on lower(to), then time.
    .where(and(gte(outbox.createdAt, since), sql`lower(${outbox.to}) = lower(${to})`, strangersOnly ? eq(outbox.recipientLimited, true) : undefined))
    .get();
  return recent?.n ?? 0;
}

/**
 * Queues mail that anyone could cause to an address: a request made signed out (a sign-up notice,
 * a verification or reset link, payment instructions to a typed address) or an address typed on a
 * form. At most the `customerMailPerHour` setting's such messages to one address per hour, so the
 * site cannot be used to flood someone's inbox; what the business owes a customer (`enqueueMail`)
 * neither counts nor is refused (decision 064). Beyond the limit, "refuse" throws
 * RecipientMailLimitError (call inside the transaction that records the request, so the request is
 * not recorded either), "skip" queues nothing and returns null, and "hold" keeps the message until
 * the hour allows it, one per subject (decision 071), for answers that must not tell whether a
 * message was sent (a reset link, a sign-up notice).
 */
export function enqueueCustomerMail(db: Db, message: MailMessage, now = new Date(), overLimit: OverRecipientLimit = "refuse"): number | null {
  const settings = getSettings(db);
  const limit = settings.customerMailPerHour;
  if (mailQueuedTo(db, message.to, new Date(now.getTime() - hourMs), true) >= limit) {
    if (overLimit === "hold") return holdMail(db, message, now, true, settings);
    if (overLimit === "skip") {
      log.warn("mail to a recipient over its hourly limit not sent", { subject: message.subject });
      return null;
    }
    throw new RecipientMailLimitError(limit);
  }
  return insertMail(db, message, true, settings);
}

/**
 * Queues a message the customer can do without (back in stock, a review's rejection the owner may
 * repeat). When the address has already had `customerMailPerHour` messages of any kind in the last
 * hour, it waits until the hour allows it, and a newer one of the same subject replaces it, so an
 * inbox that is busy is not made busier and nothing is lost (decision 071). It does not count
 * against what strangers may cause.
 */
export function enqueueOptionalMail(db: Db, message: MailMessage, now = new Date()): number {
  const settings = getSettings(db);
  if (mailQueuedTo(db, message.to, new Date(now.getTime() - hourMs)) >= settings.customerMailPerHour) {
    return holdMail(db, message, now, false, settings);
  }
  return insertMail(db, message, false, settings);
}

/**
 * The pages a message links to, without their queries: with the subject, what makes two messages
 * the same kind (two reset links differ only in their token; two back-in-stock notices name
 * different products' pages).
 */
function linkedPages(text: string): string {
  const pages: string[] = [];
  for (const [url] of text.matchAll(/\bhttps?:\/\/[^\s<>"']+/g)) {
    try {
      const parsed = new URL(url);
      pages.push(parsed.origin + parsed.pathname + parsed.hash);
    } catch {
      pages.push(url);
    }
  }
  return pages.join(" ");
}

/**
 * Holds a message beyond the address's hourly limit (decision 071): it is queued now but sent only
 * once the oldest message still counting in the hour is an hour old. A message of the same kind
 * (subject and linked pages) to the same address already waiting is replaced by this one (the
 * newest link or notice is the one that matters), so however often a stranger asks, the inbox gets
 * at most one more of each kind.
 */
function holdMail(db: Db, message: MailMessage, now: Date, recipientLimited: boolean, settings: Settings): number {
  const sameAddress = sql`lower(${outbox.to}) = lower(${message.to})`;
  const kind = linkedPages(message.text);
  const waiting = db
    .select({ id: outbox.id, text: outbox.text })
    .from(outbox)
    .where(
      and(
        sameAddress,
        eq(outbox.subject, message.subject),
        eq(outbox.status, "pending"),
        eq(outbox.attempts, 0),
        eq(outbox.recipientLimited, recipientLimited),
        gt(outbox.nextAttemptAt, now),
      ),
    )
    .orderBy(desc(outbox.id))
    .all()
    .find((row) => linkedPages(row.text) === kind);
  if (waiting) {
    db.update(outbox)
      .set({
        text: message.text,
        html: message.html ?? null,
        replyTo: replyToWhenQueued(db, settings, message),
        attachments: message.attachments ?? null,
      })
      .where(eq(outbox.id, waiting.id))
      .run();
    log.info("held mail replaced by a newer one of its kind", { outboxId: waiting.id, subject: message.subject });
    return waiting.id;
  }
  // The hour's messages that count, oldest first: the place frees when the one at (count - limit) turns an hour old.
  const since = new Date(now.getTime() - hourMs);
  const counted = db
    .select({ createdAt: outbox.createdAt })
    .from(outbox)
    .where(and(gte(outbox.createdAt, since), sameAddress, recipientLimited ? eq(outbox.recipientLimited, true) : undefined))
    .orderBy(asc(outbox.createdAt), asc(outbox.id))
    .all();
  const freed = counted[Math.max(0, counted.length - settings.customerMailPerHour)]?.createdAt ?? now;
  const sendAt = new Date(Math.max(now.getTime(), freed.getTime() + hourMs));
  const id = insertMail(db, message, recipientLimited, settings, sendAt);
  log.info("mail held until the address's hour allows it", { outboxId: id, subject: message.subject, sendAt });
  return id;
}

/** When a queued message is due to be sent (later than now for a held one), or null when it is gone. */
export function mailDueAt(db: Db, id: number): Date | null {
  return db.select({ at: outbox.nextAttemptAt }).from(outbox).where(eq(outbox.id, id)).get()?.at ?? null;
}

function insertMail(db: Db, message: MailMessage, recipientLimited: boolean, settings: Settings, sendAt?: Date): number {
  const row = db
    .insert(outbox)
    .values({
      recipientLimited,
      ...(sendAt ? { nextAttemptAt: sendAt } : {}),
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
      replyTo: replyToWhenQueued(db, settings, message),
      attachments: message.attachments ?? null,
    })
    .returning({ id: outbox.id })
    .get();
  return row.id;
}

/**
 * The longest wait between two attempts: once a mail server that was down for hours or a day is
 * back, what waited goes out within half an hour, not up to six (decision 050).
 */
export const longestRetryDelayMs = 30 * 60 * 1000;

/** Delay before retry number `attempts` (1-based): 1 min, 2 min, 4 min ... then every 30 minutes, forever. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** (attempts - 1), longestRetryDelayMs);
}

/** What the environment says about mail: both are overrides of what the settings say. */
export type OutboxEnvironment = {
  /** Sends every message from this address instead of the business's name and e-mail setting. */
  MAIL_FROM?: string | undefined;
  /** Where the business's mail goes and customers' replies go, instead of the e-mail setting. */
  BUSINESS_EMAIL?: string | undefined;
  /** Where links in mail queued with only the database handle point (the case room's notices). */
  PUBLIC_URL?: string | undefined;
  PORT?: number | undefined;
};

/**
 * How often the instance sending mail looks for a message another worker queued or retried
 * (decision 089): one indexed read for a due message (`outbox_pending_idx`), a few microseconds, so
 * it goes out within this time instead of at the next 30-second retry round.
 */
export const newMailLookMs = 250;

/** How many due messages one drain reads; a full batch is followed by another drain at once. */
const drainBatch = 50;

/**
 * Delivers due outbox messages; one drain at a time per process. The sender is read from the
 * settings for each drain, so a business name or e-mail saved now is on the next message.
 */
export class OutboxWorker {
  private draining: Promise<number> | null = null;
  private again = false;
  private timer: ReturnType<typeof setInterval> | null = null;
  private readonly mailFromOverride: string | undefined;

  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    env: OutboxEnvironment = {},
  ) {
    this.mailFromOverride = env.MAIL_FROM;
    recordBusinessEmailOverride(db, { BUSINESS_EMAIL: env.BUSINESS_EMAIL });
    recordSiteOrigin(db, env);
  }

  private stopped = false;
  private forgetLease: (() => void) | undefined;
  private look: ReturnType<typeof setInterval> | null = null;

  /**
   * Starts periodic retries. Under the process's job lease (decision 050) only the instance that
   * holds it sends, so two instances on one database never send a message twice.
   */
  start(intervalMs = 30_000) {
    this.stopped = false;
    this.timer ??= setInterval(() => void this.drain(), intervalMs);
    this.timer.unref?.();
    this.forgetLease ??= currentJobLease()?.onTaken(() => void this.drain());
    // Another worker's kick cannot reach this process: what it queued or retried is noticed as due.
    this.look ??= setInterval(() => this.lookForDueMail(), newMailLookMs);
    this.look.unref?.();
    void this.drain();
  }

  /**
   * Drains when a message is due: one queued by any worker, one the owner retried (the same row,
   * made due again) or one whose hold has ended. A due message leaves that state at its drain
   * (sent, or its next try set later), so a look never finds the same one twice.
   */
  private lookForDueMail() {
    if (!this.maySend() || this.draining) return;
    const due = this.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.status, "pending"), lte(outbox.nextAttemptAt, new Date())))
      .limit(1)
      .get();
    if (due) void this.drain();
  }

  /** Stops sending; resolves once a drain under way has finished its message. */
  async stop() {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.look) clearInterval(this.look);
    this.look = null;
    this.forgetLease?.();
    this.forgetLease = undefined;
    await this.draining;
  }

  /** False once stopped, or while another instance holds the job lease. */
  private maySend() {
    const lease = currentJobLease();
    return !this.stopped && (!lease || lease.held());
  }

  /** Asks for a drain soon (after a message was enqueued). */
  kick() {
    queueMicrotask(() => void this.drain());
  }

  /** Sends every due message; resolves with how many were sent. */
  drain(): Promise<number> {
    if (!this.maySend()) return Promise.resolve(0);
    if (this.draining) {
      this.again = true;
      return this.draining;
    }
    this.draining = this.drainOnce().finally(() => {
      this.draining = null;
      if (this.again) {
        this.again = false;
        void this.drain();
      }
    });
    return this.draining;
  }

  private async drainOnce(): Promise<number> {
    let sent = 0;
    const due = this.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.status, "pending"), lte(outbox.nextAttemptAt, new Date())))
      .orderBy(asc(outbox.id))
      .limit(drainBatch)
      .all();
    // A full batch may have left due messages behind (a burst from every worker): drain again at once.
    if (due.length === drainBatch) this.again = true;
    // Every message goes out as HTML and text: the HTML is made here from the text, in the site's
    // look, so no template writes its own (a template may still give one).
    if (due.length === 0) return 0;
    const settings = getSettings(this.db);
    const from = senderOf(settings, this.mailFromOverride);
    const contact = frameContactLine(settings);
    for (const message of due) {
      // Checked before each message: a stop or a lost lease ends the drain between two sends.
      if (!this.maySend()) break;
      const attempts = message.attempts + 1;
      try {
        await this.transport.send({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html:
            message.html ??
            renderMailHtml({
              subject: message.subject,
              text: message.text,
              businessName: settings.businessName,
              contact,
            }),
          replyTo: message.replyTo ?? undefined,
          attachments: message.attachments ?? undefined,
        });
        this.db.update(outbox).set({ status: "sent", attempts, sentAt: new Date(), lastError: null }).where(eq(outbox.id, message.id)).run();
        sent++;
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        // Never marked failed: the message stays pending and is retried at the longest interval.
        this.db
          .update(outbox)
          .set({
            attempts,
            lastError: error.slice(0, 500),
            nextAttemptAt: new Date(Date.now() + retryDelayMs(attempts)),
          })
          .where(eq(outbox.id, message.id))
          .run();
        // One warning per failure; once a message is old, it also names whom it is for and its age.
        const ageHours = (Date.now() - message.createdAt.getTime()) / hourMs;
        if (ageHours > undeliveredWarningHours) {
          log.warn("mail undelivered for hours", {
            outboxId: message.id,
            to: message.to,
            subject: message.subject,
            attempts,
            ageHours: Math.floor(ageHours),
            error,
          });
        } else {
          log.warn("mail delivery failed", { outboxId: message.id, attempts, error });
        }
      }
    }
    return sent;
  }
}

export type UndeliveredMail = {
  id: number;
  to: string;
  subject: string;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  nextAttemptAt: Date;
  ageHours: number;
};

/** Messages not yet delivered, oldest first, with their age and last error (for the back office). */
export function listUndeliveredMail(db: Db, now = new Date()): UndeliveredMail[] {
  return db
    .select({
      id: outbox.id,
      to: outbox.to,
      subject: outbox.subject,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
      createdAt: outbox.createdAt,
      nextAttemptAt: outbox.nextAttemptAt,
    })
    .from(outbox)
    .where(ne(outbox.status, "sent"))
    .orderBy(asc(outbox.createdAt), asc(outbox.id))
    .all()
    .map((m) => ({ ...m, ageHours: Math.max(0, (now.getTime() - m.createdAt.getTime()) / hourMs) }));
}

const removedBody = "The content of this message was removed because the customer deleted their account.";

/**
 * Removes a person's e-mails from the outbox (inside the deletion's transaction): messages to any
 * of `addresses` are deleted, queued or sent; the business's notices that name them as reply-to
 * keep only their subject, so nothing of their notes, locations or messages stays behind.
 */
export function scrubMailFor(db: Db, addresses: readonly string[]): { deleted: number; redacted: number } {
  const lower = [...new Set(addresses.map((a) => a.trim().toLowerCase()).filter(Boolean))];
  if (lower.length === 0) return { deleted: 0, redacted: 0 };
  const deleted = db
    .delete(outbox)
    .where(inArray(sql`lower(${outbox.to})`, lower))
    .returning({ id: outbox.id })
    .all().length;
  const redacted = db
    .update(outbox)
    .set({ text: removedBody, html: null, attachments: null, replyTo: null })
    .where(inArray(sql`lower(${outbox.replyTo})`, lower))
    .returning({ id: outbox.id })
    .all().length;
  return { deleted, redacted };
}
