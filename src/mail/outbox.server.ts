/**
 * The outbox: every e-mail is written to the database first (inside the caller's transaction when
 * there is one), then delivered by the worker and retried with backoff, so a mail server that is
 * down never loses a message.
 */
import { and, asc, eq, lte } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { outbox } from "../db/schema";
import { log } from "../server/log.server";
import type { MailTransport } from "./transport.server";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  attachments?: { filename: string; content: string; contentType: string }[];
};

const maxAttempts = 10;

/** Writes a message to the outbox; it is sent by the worker. Synchronous, so it can join a transaction. */
export function enqueueMail(db: Db, message: MailMessage): number {
  const row = db
    .insert(outbox)
    .values({
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
      replyTo: message.replyTo ?? null,
      attachments: message.attachments ?? null,
    })
    .returning({ id: outbox.id })
    .get();
  return row.id;
}

/** Delay before retry number `attempts` (1-based): 1 min, 2 min, 4 min ... capped at 6 hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** (attempts - 1), 6 * 60 * 60 * 1000);
}

/** Delivers due outbox messages; one drain at a time per process. */
export class OutboxWorker {
  private draining: Promise<number> | null = null;
  private again = false;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    private readonly from: string,
  ) {}

  /** Starts periodic retries. */
  start(intervalMs = 30_000) {
    this.timer ??= setInterval(() => void this.drain(), intervalMs);
    this.timer.unref?.();
    void this.drain();
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Asks for a drain soon (after a message was enqueued). */
  kick() {
    queueMicrotask(() => void this.drain());
  }

  /** Sends every due message; resolves with how many were sent. */
  drain(): Promise<number> {
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
      .limit(50)
      .all();
    for (const message of due) {
      const attempts = message.attempts + 1;
      try {
        await this.transport.send({
          from: this.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html ?? undefined,
          replyTo: message.replyTo ?? undefined,
          attachments: message.attachments ?? undefined,
        });
        this.db
          .update(outbox)
          .set({ status: "sent", attempts, sentAt: new Date(), lastError: null })
          .where(eq(outbox.id, message.id))
          .run();
        sent++;
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        const failed = attempts >= maxAttempts;
        this.db
          .update(outbox)
          .set({
            status: failed ? "failed" : "pending",
            attempts,
            lastError: error.slice(0, 500),
            nextAttemptAt: new Date(Date.now() + retryDelayMs(attempts)),
          })
          .where(eq(outbox.id, message.id))
          .run();
        log.warn("mail delivery failed", { outboxId: message.id, attempts, error });
      }
    }
    return sent;
  }
}
