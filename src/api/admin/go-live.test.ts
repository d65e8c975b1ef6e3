/**
 * The "Before you go live" checklist as the owner meets it on a freshly seeded site, line by line
 * as each is fixed, and the lines an owner sets aside as not used or kept (decision 074).
 */
import { afterEach, expect, test } from "bun:test";
import type { AdminTodo } from "../../shared/admin-todo";
import { goLiveMessages } from "../../shared/go-live";
import { adminClient } from "../../../tests/helpers/admins";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { adminWithToken } from "../../../tests/factories";

const apps: TestApp[] = [];
afterEach(() => {
  for (const app of apps.splice(0)) app.close();
});
function site(env: Record<string, string> = {}) {
  const t = createTestApp(env);
  apps.push(t);
  return { t, owner: adminClient(t) };
}

type Owner = ReturnType<typeof adminClient>;

async function checklist(t: TestApp, owner: Owner, referer?: string): Promise<AdminTodo> {
  const res = await t.request("/api/admin/todo", { headers: { Authorization: owner.authorization, ...(referer ? { Referer: referer } : {}) } });
  expect(res.status).toBe(200);
  return (await res.json()) as AdminTodo;
}
const keys = (answer: AdminTodo) => answer.checklist.map((i) => i.key);
const audit = (t: TestApp) =>
  t.db.$client.query("SELECT admin_username AS who, action, record_id AS line, summary FROM audit_log WHERE action LIKE 'go_live.%' ORDER BY id").all() as {
    who: string;
    action: string;
    line: string;
    summary: string;
  }[];

test("a freshly seeded site flags every shipped value, and each line goes as it is fixed", async () => {
  const { t, owner } = site({ SMTP_URL: "smtp://127.0.0.1:2525", MAIL_FROM: "Shop <enquiries@example.com>" });
  const fresh = await checklist(t, owner);
  expect(keys(fresh)).toEqual(["publicUrl", "mailSender", "email", "businessName", "phone", "abn", "currency", "bank", "crypto", "messaging", "paypal"]);
  expect(fresh.checklist.find((i) => i.key === "mailSender")).toMatchObject({ envVar: "MAIL_FROM", current: "Shop <enquiries@example.com>" });
  expect(fresh.setAside).toEqual([]);

  // The owner fixes each in Settings (the token was just given, so the guarded ones save too).
  const save = async (values: Record<string, unknown>) => expect((await owner.send("PUT", "/api/admin/settings", values)).status).toBe(200);
  await save({ businessName: "Harbour Lane Inquiries" });
  expect(keys(await checklist(t, owner))).not.toContain("businessName");
  await save({ email: "cases@harbourlane.com.au", phone: "+61 8 8123 4567" });
  expect(keys(await checklist(t, owner))).toEqual(["publicUrl", "mailSender", "abn", "currency", "bank", "crypto", "messaging", "paypal"]);
  await save({ abn: "51824753556" });
  await save({ currency: "AUD" });
  await save({ bankBsb: "", bankAccountNumber: "", btcAddress: "", ethAddress: "", usdcSolAddress: "", signal: "", whatsapp: "", messenger: "" });
  expect(keys(await checklist(t, owner))).toEqual(["publicUrl", "mailSender", "paypal"]);
});

test("the currency chosen once counts as chosen even when it is the shipped one: never saved is not the same as chose USD", async () => {
  const { t, owner } = site();
  const save = async (values: Record<string, unknown>) => expect((await owner.send("PUT", "/api/admin/settings", values)).status).toBe(200);
  expect(keys(await checklist(t, owner))).toContain("currency");
  // Saving the form unchanged writes nothing; choosing another and coming back is a choice.
  await save({ currency: "AUD" });
  await save({ currency: "USD" });
  expect(keys(await checklist(t, owner))).not.toContain("currency");
});

test("an owner sets PayPal aside as not used with a reason, audited; Undo puts it back, audited", async () => {
  const { t, owner } = site();
  const missing = await owner.json("/api/admin/go-live/paypal/set-aside", { mark: "not_used", reason: "  " });
  expect(missing.status).toBe(400);
  expect(((await missing.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({ reason: goLiveMessages.reasonRequired });

  const res = await owner.json("/api/admin/go-live/paypal/set-aside", { mark: "not_used", reason: "We take bank transfers only" });
  expect(res.status).toBe(200);
  const answer = (await res.json()) as AdminTodo;
  expect(keys(answer)).not.toContain("paypal");
  expect(answer.setAside).toEqual([
    expect.objectContaining({
      key: "paypal",
      title: "Connect PayPal for card payments",
      mark: expect.objectContaining({ kind: "not_used", reason: "We take bank transfers only", by: "owner" }),
    }),
  ]);
  // The dashboard's next read says the same.
  expect((await checklist(t, owner)).setAside?.map((i) => i.key)).toEqual(["paypal"]);

  const undo = await owner.json("/api/admin/go-live/paypal/undo");
  expect(undo.status).toBe(200);
  expect(keys((await undo.json()) as AdminTodo)).toContain("paypal");
  expect((await owner.json("/api/admin/go-live/paypal/undo")).status).toBe(404);
  expect(audit(t)).toEqual([
    {
      who: "owner",
      action: "go_live.set_aside",
      line: "paypal",
      summary: 'Set "Connect PayPal for card payments" aside as not used on the go-live checklist: We take bank transfers only',
    },
    { who: "owner", action: "go_live.undo_set_aside", line: "paypal", summary: 'Put "Connect PayPal for card payments" back on the go-live checklist' },
  ]);
});

test("a shipped currency is kept from the checklist; a line is set aside only the way it allows, and only while it is on the list", async () => {
  const { t, owner } = site();
  expect((await owner.json("/api/admin/go-live/currency/set-aside", { mark: "kept", reason: "We charge in US dollars" })).status).toBe(200);
  expect(keys(await checklist(t, owner))).not.toContain("currency");
  // The phone cannot be set aside (empty it in Settings instead); crypto is not used, never "kept".
  expect((await owner.json("/api/admin/go-live/phone/set-aside", { mark: "not_used", reason: "No phone" })).status).toBe(409);
  expect((await owner.json("/api/admin/go-live/crypto/set-aside", { mark: "kept", reason: "x" })).status).toBe(409);
  expect((await owner.json("/api/admin/go-live/smtp/set-aside", { mark: "not_used", reason: "x" })).status).toBe(409);
  expect((await owner.json("/api/admin/go-live/nothing/set-aside", { mark: "not_used", reason: "x" })).status).toBe(404);
  expect(audit(t).map((e) => e.line)).toEqual(["currency"]);
});

test("owners only: staff cannot set a line aside or undo one", async () => {
  const { t } = site();
  const staff = adminWithToken(t.db, "sam", null, "staff");
  for (const path of ["/api/admin/go-live/paypal/set-aside", "/api/admin/go-live/paypal/undo"]) {
    const res = await t.json(path, { mark: "not_used", reason: "x" }, { headers: { Authorization: staff.authorization, Origin: "http://localhost" } });
    expect(res.status).toBe(403);
  }
  expect(audit(t)).toEqual([]);
});

test("PUBLIC_URL is judged from the running site: set but wrong, the line says what it holds; the browser's https address is offered", async () => {
  const { t, owner } = site({ PUBLIC_URL: "http://www.harbourlane.com.au" });
  const line = (await checklist(t, owner, "https://www.harbourlane.com.au/admin/dashboard")).checklist.find((i) => i.key === "publicUrl");
  expect(line).toMatchObject({ envVar: "PUBLIC_URL", current: "http://www.harbourlane.com.au" });
  expect(line?.detail).toContain("put https://www.harbourlane.com.au in PUBLIC_URL");
  const right = site({ PUBLIC_URL: "https://www.harbourlane.com.au" });
  expect(keys(await checklist(right.t, right.owner, "https://www.harbourlane.com.au/admin/dashboard"))).not.toContain("publicUrl");
});
