/**
 * One SMTP server per `bun test` file. Kept apart from smtp.ts, which the end-to-end specs import
 * under Node (Playwright), where `bun:test` does not exist.
 */
import { afterAll, beforeAll, beforeEach } from "bun:test";
import { type SmtpServer, startSmtpServer } from "./smtp";

/**
 * One real SMTP server for a test file: started before its first test, emptied before each, closed
 * after its last. Call at the top of the file; read the server through the answer's `server`.
 */
export function smtpPerFile(): { readonly server: SmtpServer } {
  let started: SmtpServer | undefined;
  beforeAll(async () => {
    started = await startSmtpServer();
  });
  beforeEach(() => {
    if (started) started.received.length = 0;
  });
  afterAll(async () => {
    await started?.close();
  });
  return {
    get server() {
      if (!started) throw new Error("the SMTP server starts before the file's first test");
      return started;
    },
  };
}
