import { expect, test } from "bun:test";
import { redactSecrets } from "./redact";

test("query values in links and loose tokens are hidden; reference codes stay", () => {
  const text = "Open https://pi.example/reset-password?token=abc&next=%2Fx now.\nReference: PI-7K3Q-99\napi_token=zzz token=yyy";
  const out = redactSecrets(text);
  expect(out).toContain("https://pi.example/reset-password?token=[redacted]&next=[redacted] now.");
  expect(out).toContain("Reference: PI-7K3Q-99");
  expect(out).not.toContain("abc");
  expect(out).not.toContain("yyy");
  expect(out).not.toContain("zzz");
});
