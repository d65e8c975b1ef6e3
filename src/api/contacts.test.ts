import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { countRows, createTestApp, type TestApp } from "../../tests/helpers/test-app";

let t: TestApp;
beforeEach(() => {
  t = createTestApp({ BUSINESS_EMAIL: "owner@example.com" });
});
afterEach(() => t.close());

const valid = {
  name: "Jane Citizen",
  email: "jane@example.com",
  phone: "0400 000 000",
  service: "partner",
  message: "I would like to talk about a partner check.",
  urgency: "high",
};

describe("POST /api/contacts", () => {
  test("stores the enquiry and queues the business's e-mail", async () => {
    const res = await t.json("/api/contacts", valid);
    expect(res.status).toBe(201);
    const row = t.db.$client.query("SELECT name, email, phone, service, message, urgency FROM contacts").get();
    expect(row).toEqual(valid);
    const mail = t.db.$client.query('SELECT "to", subject, text, reply_to AS replyTo FROM outbox').get() as Record<string, string>;
    expect(mail.to).toBe("owner@example.com");
    expect(mail.replyTo).toBe("jane@example.com");
    expect(mail.subject).toBe("[URGENT] New enquiry from Jane Citizen: Partner Check ($295)");
    expect(mail.text).toContain("I would like to talk about a partner check.");
    const { id } = t.db.$client.query("SELECT id FROM contacts").get() as { id: string };
    expect(mail.text).toContain(`See it in the admin portal: http://localhost/admin/contacts/${id}`);
  });

  test("phone and urgency are optional; urgency defaults to normal", async () => {
    const { phone: _p, urgency: _u, ...required } = valid;
    expect((await t.json("/api/contacts", required)).status).toBe(201);
    expect(t.db.$client.query("SELECT phone, urgency FROM contacts").get()).toEqual({ phone: null, urgency: "normal" });
  });

  test("missing and bad fields get 400 with a message per field, and nothing is written", async () => {
    const res = await t.json("/api/contacts", { name: "", email: "not-an-email", service: "spying", message: " ", urgency: "whenever" });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; message: string; fields: Record<string, string> } };
    expect(body.error.code).toBe("validation_error");
    expect(body.error.fields).toEqual({
      name: "Required",
      email: "Please enter a valid e-mail address",
      service: "Required",
      message: "Required",
      urgency: "Choose an urgency",
    });
    expect(countRows(t, "contacts")).toBe(0);
    expect(countRows(t, "outbox")).toBe(0);
  });

  test("malformed JSON and wrong types get 400, never 500", async () => {
    const res = await t.request("/api/contacts", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{oops" });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("validation_error");
    const typed = await t.json("/api/contacts", { ...valid, name: 42, message: ["x"] });
    expect(typed.status).toBe(400);
    expect(countRows(t, "contacts")).toBe(0);
  });

  test("an oversized body gets 413", async () => {
    const res = await t.json("/api/contacts", { ...valid, message: "x".repeat(70 * 1024) });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("payload_too_large");
    expect(countRows(t, "contacts")).toBe(0);
  });

  test("over-long fields are refused with their message", async () => {
    const res = await t.json("/api/contacts", { ...valid, message: "x".repeat(5001) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { fields: Record<string, string> } }).error.fields.message).toBe("Please keep the message under 5000 characters");
  });

  test("a filled honeypot is answered like success but dropped", async () => {
    const res = await t.json("/api/contacts", { ...valid, website: "http://spam.example" });
    expect(res.status).toBe(201);
    expect(countRows(t, "contacts")).toBe(0);
    expect(countRows(t, "outbox")).toBe(0);
  });

  test("more than 5 submissions a minute from one address get 429 with Retry-After", async () => {
    for (let i = 0; i < 5; i++) expect((await t.json("/api/contacts", valid)).status).toBe(201);
    const res = await t.json("/api/contacts", valid);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await res.json()).toEqual({
      error: { code: "rate_limited", message: "Too many messages sent from your connection. Please wait a minute and try again." },
    });
    expect(countRows(t, "contacts")).toBe(5);
    // Another address is not affected.
    t.setIp("198.51.100.7");
    expect((await t.json("/api/contacts", valid)).status).toBe(201);
  });
});

describe("POST /contact (the form with JavaScript off)", () => {
  const form = (fields: Record<string, string>) => t.request("/contact", { method: "POST", body: new URLSearchParams(fields) });

  test("a valid form is stored and redirects to the success message", async () => {
    const res = await form(valid);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/contact?sent=1#contact-form");
    expect(countRows(t, "contacts")).toBe(1);
    const page = await (await t.request("/contact?sent=1")).text();
    expect(page).toContain("Message Sent Successfully");
    expect(page).toContain("We&#x27;ll contact you within 2 hours for secure consultation.");
  });

  test("errors re-render the form with messages under the fields and the values kept", async () => {
    const res = await form({ name: "Sam", email: "bad", service: "", message: "", urgency: "normal", phone: "" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('id="contact-email-error"');
    expect(html).toContain("Please enter a valid e-mail address");
    expect(html).toContain('id="contact-message-error"');
    expect(html).toContain('value="Sam"');
    expect(html).toContain('value="bad"');
    expect(countRows(t, "contacts")).toBe(0);
  });

  test("the form's limit is shared with the API and answered on the page", async () => {
    for (let i = 0; i < 5; i++) await t.json("/api/contacts", valid);
    const res = await form(valid);
    expect(res.status).toBe(429);
    expect(await res.text()).toContain("Too many messages sent from your connection.");
    expect(countRows(t, "contacts")).toBe(5);
  });

  test("refused fields spend nothing of the budget the form and the island share", async () => {
    for (let i = 0; i < 10; i++) expect((await form({ ...valid, email: "bad" })).status).toBe(400);
    for (let i = 0; i < 10; i++) expect((await t.json("/api/contacts", { ...valid, email: "bad" })).status).toBe(400);
    for (let i = 0; i < 3; i++) expect((await form(valid)).status).toBe(303);
    for (let i = 0; i < 2; i++) expect((await t.json("/api/contacts", valid)).status).toBe(201);
    const refused = await form(valid);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await t.json("/api/contacts", valid)).status).toBe(429);
    expect(countRows(t, "contacts")).toBe(5);
  });

  test("a service link preselects the service", async () => {
    const html = await (await t.request("/contact?service=partner")).text();
    expect(html).toMatch(/<option value="partner" selected="">/);
  });
});
