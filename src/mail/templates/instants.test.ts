import { expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { everyTemplate } from "../../../tests/helpers/mail-samples";

// "2026-11-28T13:18:29.909Z", "2026-11-28 13:18", "13:18:29Z": how a machine writes an instant.
const machineInstant = /\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}|\d{2}:\d{2}:\d{2}(\.\d+)?Z\b|\b(UTC|GMT)\b/;

test("every template shows its instants in the business time zone, in words a person reads", () => {
  for (const [name, message] of Object.entries(everyTemplate)) {
    expect({ name, subject: machineInstant.exec(message.subject)?.[0] ?? null }).toEqual({ name, subject: null });
    expect({ name, text: machineInstant.exec(message.text)?.[0] ?? null }).toEqual({ name, text: null });
  }
  // The enquiry sent at 11:48 pm in Adelaide says so.
  expect(everyTemplate.contactNotification?.text).toContain("Received: 28 Nov 2026, 11:48 pm (Adelaide time)");
});

test("every template in src/mail/templates has a sample, so none escapes the test above", async () => {
  const dir = import.meta.dir;
  const sampled = new Set(Object.keys(everyTemplate).map((key) => key.split(" ")[0]));
  const missing: string[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))) {
    const module = (await import(join(dir, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module))
      if (typeof value === "function" && /(Mail|Notification|Alert)$/.test(name) && !sampled.has(name)) missing.push(`${file}: ${name}`);
  }
  expect(missing).toEqual([]);
});
