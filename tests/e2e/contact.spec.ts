/**
 * The secure contact form (docs/product.md#messages): client-side validation, pending label, toasts,
 * reset, the notification region, the no-JavaScript form post and the per-address rate limit.
 */
import type { Page, Request } from "@playwright/test";
import { test, expect, startSite, stopSite, type SiteServer } from "./fixtures";
import { contactForm, contactIsland, fillContactForm, holdHydration, hydrateContactForm, validEnquiry } from "./helpers";

const sendButton = (page: Page) => contactForm(page).getByRole("button", { name: /Send Secure Message|Sending\.\.\./ });
const notifications = (page: Page) => page.getByRole("region", { name: "Notifications (F8)" });
const toastItem = (page: Page) => notifications(page).getByRole("listitem");

/** The lasting panel in the form's place once a message is sent: it says what happens next. */
async function expectSentPanel(page: Page) {
  const panel = page.getByTestId("contact-sent");
  await expect(panel).toContainText("Message Sent Successfully");
  await expect(panel).toContainText("What happens next");
  await expect(contactForm(page)).toHaveCount(0);
}

/** "Send another message": the form again, empty, its first field focused. */
async function sendAnother(page: Page) {
  await page.getByRole("button", { name: "Send another message" }).click();
  await expect(page.getByLabel("Full name")).toBeFocused();
}

/** Every POST the page sends (API calls and native form posts alike). */
function collectPosts(page: Page): Request[] {
  const posts: Request[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST") posts.push(r);
  });
  return posts;
}

async function expectFieldsEmpty(page: Page) {
  await expect(page.getByLabel("Full name")).toHaveValue("");
  await expect(page.getByLabel("E-mail")).toHaveValue("");
  await expect(page.getByLabel("Phone (optional)")).toHaveValue("");
  await expect(page.getByLabel("Service of interest")).toHaveValue("");
  await expect(page.getByLabel("Message", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Urgency")).toHaveValue("normal");
}

async function expectFieldsKept(page: Page, values: Partial<typeof validEnquiry>) {
  if (values.name !== undefined) await expect(page.getByLabel("Full name")).toHaveValue(values.name);
  if (values.email !== undefined) await expect(page.getByLabel("E-mail")).toHaveValue(values.email);
  if (values.phone !== undefined) await expect(page.getByLabel("Phone (optional)")).toHaveValue(values.phone);
  if (values.service !== undefined) await expect(page.getByLabel("Service of interest")).toHaveValue(values.service);
  if (values.urgency !== undefined) await expect(page.getByLabel("Urgency")).toHaveValue(values.urgency);
  if (values.message !== undefined) await expect(page.getByLabel("Message", { exact: true })).toHaveValue(values.message);
}

/** Answers /api/contacts in the browser without reaching the server (keeps the rate limit untouched). */
async function fakeContactsApi(page: Page, status: number) {
  await page.route("**/api/contacts", (route) =>
    route.fulfill({
      status,
      contentType: "application/json",
      body: JSON.stringify(status < 300 ? { ok: true } : { error: { code: "internal_error", message: "Something went wrong on our side." } }),
    }),
  );
}

test.describe("with JavaScript", () => {
  test("the form offers the pricing table's services and the four urgencies, Normal by default", async ({ page }) => {
    await page.goto("/contact");
    await hydrateContactForm(page);
    await expect(page.getByLabel("Service of interest").getByRole("option")).toHaveText([
      "Select a service",
      "Discreet Check Up ($75)",
      "Partner Check ($295)",
      "Infidelity Investigation ($695)",
      "Full Cheating Investigation ($1,295)",
      "Hourly Surveillance ($85/hr)",
      "Ongoing Monitoring ($395/mo)",
      "General Consultation",
      "Other",
    ]);
    const urgency = page.getByLabel("Urgency");
    await expect(urgency.getByRole("option")).toHaveText([
      "Low - General inquiry",
      "Normal - Within 24 hours",
      "High - Within 6 hours",
      // The shipped phone is a placeholder, so no immediate response is promised (issue 40).
      "Emergency - Sent to your investigator at once",
    ]);
    await expect(urgency).toHaveValue("normal");
    await expect(urgency.locator("option:checked")).toHaveText("Normal - Within 24 hours");
  });

  test("submitting the empty form shows 'Required' under each required field and sends nothing", async ({ page }) => {
    const posts = collectPosts(page);
    await page.goto("/contact");
    await hydrateContactForm(page);
    await sendButton(page).click();

    for (const label of ["Full name", "E-mail", "Service of interest"]) {
      await expect(page.getByLabel(label)).toHaveAccessibleDescription("Required");
      await expect(page.getByLabel(label)).toHaveAttribute("aria-invalid", "true");
    }
    await expect(page.getByLabel("Message", { exact: true })).toHaveAccessibleDescription("Required");
    await expect(page.getByLabel("Phone (optional)")).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Full name")).toBeFocused();
    expect(posts.map((r) => r.url())).toEqual([]);
    expect(new URL(page.url()).pathname).toBe("/contact");
  });

  test("an invalid e-mail shows the e-mail message only", async ({ page }) => {
    const posts = collectPosts(page);
    await page.goto("/contact");
    await hydrateContactForm(page);
    await fillContactForm(page, { ...validEnquiry, email: "not-an-email" });
    await sendButton(page).click();

    await expect(page.getByLabel("E-mail")).toHaveAccessibleDescription("Please enter a valid e-mail address");
    await expect(page.getByLabel("E-mail")).toHaveAttribute("aria-invalid", "true");
    for (const label of ["Full name", "Service of interest"]) await expect(page.getByLabel(label)).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Message", { exact: true })).not.toHaveAttribute("aria-invalid", "true");
    expect(posts).toEqual([]);

    // Fixing it clears the message on the next submit.
    await fakeContactsApi(page, 201);
    await page.getByLabel("E-mail").fill("jane@example.com");
    await sendButton(page).click();
    await expect(toastItem(page)).toContainText("Message Sent Successfully");
    // The sent panel takes the form's place: no field is left marked.
    await expectSentPanel(page);
  });

  test("a valid submission shows 'Sending...', then the success toast, and a panel that stays in the form's place until another message is asked for", async ({
    page,
  }) => {
    await page.goto("/contact");
    await hydrateContactForm(page);
    await fillContactForm(page, validEnquiry);

    // Hold the request until the pending state has been seen.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const seen: Request[] = [];
    await page.route("**/api/contacts", async (route) => {
      seen.push(route.request());
      await held;
      await route.continue();
    });
    const response = page.waitForResponse((r) => r.url().endsWith("/api/contacts"));
    await sendButton(page).click();

    const button = contactForm(page).getByRole("button", { name: "Sending..." });
    await expect(button).toBeVisible();
    await expect(button).toBeDisabled();
    release();
    expect((await response).status()).toBe(201);

    const sent = seen[0]!.postDataJSON() as Record<string, string>;
    expect(sent).toMatchObject(validEnquiry);

    const toast = toastItem(page);
    await expect(toast).toContainText("Message Sent Successfully");
    await expect(toast).toContainText("We'll contact you within 2 hours for secure consultation.");
    await expectSentPanel(page);
    await sendAnother(page);
    await expect(contactForm(page).getByRole("button", { name: "Send Secure Message" })).toBeEnabled();
    await expectFieldsEmpty(page);
    await expect(page.getByLabel("Urgency").locator("option:checked")).toHaveText("Normal - Within 24 hours");
  });

  test.describe("server failure", () => {
    test.use({ allowConsoleErrors: [/status of 500/] });

    test("a 500 shows the 'Error' toast and keeps the values", async ({ page }) => {
      await page.goto("/contact");
      await hydrateContactForm(page);
      await fakeContactsApi(page, 500);
      await fillContactForm(page, validEnquiry);
      await sendButton(page).click();

      const toast = toastItem(page);
      await expect(toast).toContainText("Error");
      await expect(toast).toContainText("Failed to send message. Please try again.");
      await expect(toast).not.toContainText("Message Sent Successfully");
      await expectFieldsKept(page, validEnquiry);
      await expect(contactForm(page).getByRole("button", { name: "Send Secure Message" })).toBeEnabled();

      // Sending again once the server is back replaces the error with the success toast (one at a time).
      await page.unrouteAll();
      await fakeContactsApi(page, 201);
      await sendButton(page).click();
      await expect(toast).toHaveCount(1);
      await expect(toast).toContainText("Message Sent Successfully");
      await expect(toast).not.toContainText("Failed to send message");
      await expectSentPanel(page);
      await sendAnother(page);
      await expectFieldsEmpty(page);
    });
  });

  test("the toast closes by itself after 5 seconds", async ({ page }) => {
    await page.clock.install();
    await page.goto("/contact");
    await hydrateContactForm(page);
    await fakeContactsApi(page, 201);
    await fillContactForm(page, validEnquiry);
    await sendButton(page).click();
    const toast = toastItem(page);
    await expect(toast).toContainText("Message Sent Successfully");
    await page.clock.fastForward(4000);
    await expect(toast).toBeVisible();
    await page.clock.fastForward(1500);
    await expect(toast).toHaveCount(0);
  });

  test("the toast closes with its close button", async ({ page }) => {
    await page.goto("/contact");
    await hydrateContactForm(page);
    await fakeContactsApi(page, 201);
    await fillContactForm(page, validEnquiry);
    await sendButton(page).click();
    const toast = toastItem(page);
    await expect(toast).toContainText("Message Sent Successfully");
    await toast.getByRole("button", { name: "Close notification" }).click();
    await expect(toast).toHaveCount(0);
    await expect(notifications(page)).not.toContainText("Message Sent Successfully");
  });

  test("the toast is dismissed by a swipe right of 50 px or more, not by a shorter one", async ({ page }) => {
    await page.goto("/contact");
    await hydrateContactForm(page);
    await fakeContactsApi(page, 201);
    await fillContactForm(page, validEnquiry);
    await sendButton(page).click();
    const toast = toastItem(page);
    await expect(toast).toContainText("Message Sent Successfully");

    const swipe = async (dx: number) => {
      const box = (await toast.boundingBox())!;
      const x = box.x + 20;
      const y = box.y + box.height / 2;
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x + dx, y, { steps: 8 });
      await page.mouse.up();
    };

    await swipe(30);
    await expect(toast).toBeVisible();
    await expect(toast).toContainText("Message Sent Successfully");

    await swipe(80);
    await expect(toast).toHaveCount(0);
  });

  test("F8 moves focus to the notification region", async ({ page }) => {
    await page.goto("/contact");
    await hydrateContactForm(page);
    await page.getByLabel("Full name").focus();
    await page.keyboard.press("F8");
    await expect(notifications(page)).toBeFocused();
  });

  test("what a visitor types before the form has hydrated is kept and sent", async ({ page }) => {
    // Hold React's download (a slow connection) while the visitor starts typing.
    const release = await holdHydration(page);
    await page.goto("/contact");
    await contactForm(page).scrollIntoViewIfNeeded();
    await expect(contactIsland(page)).toHaveAttribute("data-state", "loading");
    await fillContactForm(page, { name: validEnquiry.name, email: validEnquiry.email, message: validEnquiry.message });
    release();
    await expect(contactIsland(page)).toHaveAttribute("data-state", "hydrated");
    await expectFieldsKept(page, { name: validEnquiry.name, email: validEnquiry.email, message: validEnquiry.message });

    await fakeContactsApi(page, 201);
    const request = page.waitForRequest((r) => r.url().endsWith("/api/contacts"));
    await page.getByLabel("Service of interest").selectOption("other");
    await sendButton(page).click();
    expect((await request).postDataJSON()).toMatchObject({
      name: validEnquiry.name,
      email: validEnquiry.email,
      message: validEnquiry.message,
      service: "other",
    });
    await expect(toastItem(page)).toContainText("Message Sent Successfully");
  });

  test.describe("after a refused no-JS send", () => {
    test.use({ allowConsoleErrors: [/status of 400/] });

    test("a page re-rendered with field errors loses its error banner once the next send succeeds", async ({ page }) => {
      // A visitor on a slow connection sends before the form has hydrated: the server answers with the banner.
      const release = await holdHydration(page);
      await page.goto("/contact");
      await contactForm(page).scrollIntoViewIfNeeded();
      const posted = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/contact");
      await sendButton(page).click();
      expect((await posted).status()).toBe(400);
      const failure = page.getByRole("alert").filter({ hasText: "Failed to send message" });
      await expect(failure).toBeVisible();

      release();
      await hydrateContactForm(page);
      await fakeContactsApi(page, 201);
      await fillContactForm(page, validEnquiry);
      await sendButton(page).click();
      await expect(toastItem(page)).toContainText("Message Sent Successfully");
      await expect(failure).toHaveCount(0);
      await expect(page.getByText("Failed to send message")).toHaveCount(0);
      // What was sent stays said in the form's place after the toast has gone.
      await expect(contactIsland(page).getByText("Message Sent Successfully")).toBeVisible();
      await sendAnother(page);
      await expect(contactForm(page).getByLabel("Full name")).not.toHaveAttribute("aria-invalid", "true");
      await expectFieldsEmpty(page);
    });
  });

  test.describe("after a sent message", () => {
    test.use({ allowConsoleErrors: [/status of 500/] });

    test("a failing second send replaces the success message instead of showing both", async ({ page }) => {
      await page.goto("/contact?sent=1");
      const sent = page.getByRole("status").filter({ hasText: "Message Sent Successfully" });
      await expect(sent).toBeVisible();
      await expect(contactIsland(page)).toHaveAttribute("data-state", "hydrated");
      await sendAnother(page);
      await hydrateContactForm(page);
      await fakeContactsApi(page, 500);
      await fillContactForm(page, validEnquiry);
      await sendButton(page).click();
      await expect(toastItem(page)).toContainText("Failed to send message. Please try again.");
      await expect(sent).toHaveCount(0);
      await expect(contactIsland(page).getByText("Failed to send message. Please try again.")).toBeVisible();
      await expectFieldsKept(page, validEnquiry);
    });
  });

  test("/contact?service=partner preselects Partner Check", async ({ page }) => {
    await page.goto("/contact?service=partner");
    const service = page.getByLabel("Service of interest");
    await expect(service).toHaveValue("partner");
    await hydrateContactForm(page);
    await expect(service).toHaveValue("partner");
    await expect(service.locator("option:checked")).toHaveText("Partner Check ($295)");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, allowConsoleErrors: [/status of 400/] });

  test("an empty post re-renders with 400 and the messages under the fields", async ({ page }) => {
    await page.goto("/contact");
    const response = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/contact");
    await page.getByRole("button", { name: "Send Secure Message" }).click();
    expect((await response).status()).toBe(400);

    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Us in Complete Confidentiality");
    for (const label of ["Full name", "E-mail", "Service of interest"]) {
      await expect(page.getByLabel(label)).toHaveAccessibleDescription("Required");
    }
    await expect(page.getByLabel("Message", { exact: true })).toHaveAccessibleDescription("Required");
    await expect(page.getByRole("alert").filter({ hasText: "Failed to send message. Please try again." })).toBeVisible();
    await expect(page.getByText("Message Sent Successfully")).toHaveCount(0);
  });

  test("values are kept after an error", async ({ page }) => {
    await page.goto("/contact");
    const values = { name: "Sam Example", email: "sam@", phone: "0400 000 000", urgency: "emergency", message: "Please call after 6pm." };
    await fillContactForm(page, values);
    const response = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/contact");
    await page.getByRole("button", { name: "Send Secure Message" }).click();
    expect((await response).status()).toBe(400);

    await expectFieldsKept(page, { ...values, service: "" });
    await expect(page.getByLabel("E-mail")).toHaveAccessibleDescription("Please enter a valid e-mail address");
    await expect(page.getByLabel("Service of interest")).toHaveAccessibleDescription("Required");
    await expect(page.getByLabel("Full name")).not.toHaveAttribute("aria-invalid", "true");
  });

  test("a valid post lands on the success message", async ({ page }) => {
    await page.goto("/contact");
    await fillContactForm(page, validEnquiry);
    await page.getByRole("button", { name: "Send Secure Message" }).click();
    await expect(page).toHaveURL(/\/contact\?sent=1#contact-form$/);
    const status = page.getByRole("status").filter({ hasText: "Message Sent Successfully" });
    await expect(status).toBeVisible();
    await expect(status).toContainText("We'll contact you within 2 hours for secure consultation.");
    await expect(status).toContainText("What happens next");
    await expect(contactForm(page)).toHaveCount(0);
    // Another message starts from an empty form.
    await page.getByRole("link", { name: "Send another message" }).click();
    await expect(page.getByLabel("Full name")).toHaveValue("");
  });

  // With JavaScript the Select buttons open the payment dialog (payment-dialog.spec.ts); without it they lead here.
  test("choosing 'Select Partner Check' on the services page opens the form with it preselected", async ({ page }) => {
    await page.goto("/services");
    await page.getByRole("link", { name: "Select Partner Check" }).click();
    await expect(page).toHaveURL(/\/contact\?service=partner/);
    await expect(page.getByLabel("Service of interest")).toHaveValue("partner");
    await expect(page.getByLabel("Service of interest")).toBeInViewport();
  });
});

test.describe("rate limit", () => {
  // The limit is per server and per address: each test here starts its own server, so that other
  // tests' submissions do not count.
  let own: SiteServer;
  test.beforeEach(async () => {
    own = await startSite();
  });
  test.afterEach(async () => {
    if (own) await stopSite(own);
  });

  /** Five accepted enquiries from this address, straight to the API. */
  async function sendFive(request: import("@playwright/test").APIRequestContext) {
    for (let i = 1; i <= 5; i++) {
      const res = await request.post(`${own.url}/api/contacts`, { data: { ...validEnquiry, website: "", message: `Message number ${i}` } });
      expect(res.status(), `submission ${i}`).toBe(201);
    }
  }

  test.describe("with JavaScript", () => {
    test.use({ allowConsoleErrors: [/status of 429/] });

    test("the 6th submission within a minute from one address gets a 429 message", async ({ page, request }) => {
      await sendFive(request);
      await page.goto(`${own.url}/contact`);
      await hydrateContactForm(page);
      await fillContactForm(page, validEnquiry);
      const response = page.waitForResponse((r) => r.url().endsWith("/api/contacts"));
      await sendButton(page).click();
      const res = await response;
      expect(res.status()).toBe(429);
      expect(Number(res.headers()["retry-after"])).toBeGreaterThan(0);

      const toast = toastItem(page);
      await expect(toast).toContainText("Error");
      await expect(toast).toContainText("Too many messages sent from your connection. Please wait a minute and try again.");
      await expectFieldsKept(page, validEnquiry);
    });
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false, allowConsoleErrors: [/status of 429/] });

    test("the 6th form post within a minute re-renders with 429 and the message, values kept", async ({ page, request }) => {
      await sendFive(request);
      await page.goto(`${own.url}/contact`);
      await fillContactForm(page, validEnquiry);
      const response = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/contact");
      await page.getByRole("button", { name: "Send Secure Message" }).click();
      expect((await response).status()).toBe(429);
      await expect(page.getByRole("alert").filter({ hasText: "Too many messages sent from your connection" })).toBeVisible();
      await expectFieldsKept(page, validEnquiry);
    });
  });
});
