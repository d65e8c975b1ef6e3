/** A real SMTP server on loopback (the smtp-server package) that keeps what it receives. */
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { from: string; to: string[]; raw: string };

/** A started server: what it received, its address, and `close()`. */
export type SmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;

/** Starts the server on `port` (0 picks a free one). Set `refusing` to make it reject recipients. */
export async function startSmtpServer(port = 0) {
  const received: ReceivedMail[] = [];
  const state = { refusing: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!state.refusing) return callback();
      const err = Object.assign(new Error(`Mailbox unavailable: ${address.address}`), { responseCode: 550 });
      callback(err);
    },
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const bound = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    port: bound,
    received,
    /** While true, every recipient is refused with a 550. */
    set refusing(value: boolean) {
      state.refusing = value;
    },
    /** Resolves once `count` messages have arrived (or rejects after `ms`). */
    async waitFor(count: number, ms = 5000) {
      const deadline = Date.now() + ms;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} mail(s), got ${received.length}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
