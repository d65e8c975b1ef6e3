import { afterEach, expect, spyOn, test } from "bun:test";
import { setLogLevel } from "../server/log.server";
import { passwordResetMail } from "./templates/accounts";
import { createMailTransport } from "./transport.server";

const token = "Zx9secretResetToken_abc123";
const reset = passwordResetMail("sam@example.com", `https://pi.example/reset-password?token=${token}`, "Adelaide Discreet Investigations");

/** Everything the logger writes while `fn` runs, at `level`. */
async function logged(level: "info" | "debug", fn: () => Promise<void>) {
  const lines: string[] = [];
  const out = spyOn(console, "log").mockImplementation((line: string) => void lines.push(line));
  const err = spyOn(console, "error").mockImplementation((line: string) => void lines.push(line));
  setLogLevel(level);
  try {
    await fn();
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
  return lines.join("\n");
}

afterEach(() => setLogLevel("silent"));

test("without SMTP_URL a mail is logged by recipient and subject only at info", async () => {
  const transport = createMailTransport(undefined);
  const text = await logged("info", () => transport.send({ from: "site@example.com", ...reset }));
  expect(text).toContain("sam@example.com");
  expect(text).toContain("Reset your password");
  expect(text).not.toContain(token);
  expect(text).not.toContain("Someone (hopefully you)");
});

test("at debug the body is logged with the reset token redacted", async () => {
  const transport = createMailTransport(undefined);
  const text = await logged("debug", () => transport.send({ from: "site@example.com", ...reset }));
  expect(text).toContain("Someone (hopefully you)");
  expect(text).toContain("reset-password?token=[redacted]");
  expect(text).not.toContain(token);
});

test("at debug the whole message is logged: headers, attachment names, text and HTML", async () => {
  const transport = createMailTransport(undefined);
  const mail = {
    from: "site@example.com",
    ...reset,
    replyTo: "owner@example.com",
    html: `<p><a href="https://pi.example/reset-password?token=${token}">reset</a></p>`,
    attachments: [{ filename: "appointment.ics", content: "BEGIN:VCALENDAR", contentType: "text/calendar" }],
  };
  const text = await logged("debug", () => transport.send(mail));
  expect(text).toContain("site@example.com");
  expect(text).toContain("owner@example.com");
  expect(text).toContain("appointment.ics");
  expect(text).toContain("text/calendar");
  expect(text).toContain("reset-password?token=[redacted]");
  expect(text).not.toContain(token);
  expect(text).not.toContain("BEGIN:VCALENDAR");
});
