/**
 * The public pages render every block of the public pages with the seeded texts and prices, both in
 * the HTML the server sends (no JavaScript needed) and in the browser; plus per-page metadata,
 * navigation variants and the footer.
 */
import { test, expect } from "./fixtures";
import { expectTextContains, mainNav, serverPage } from "./helpers";

const year = String(new Date().getFullYear());
const disclaimer =
  "Our reports are provided for personal reassurance only. Where you need legal-grade evidence, we connect you with licensed partner investigators.";

const packages = [
  { name: "Discreet Check Up", price: "$75" },
  { name: "Partner Check", price: "$295" },
  { name: "Infidelity Investigation", price: "$695" },
  { name: "Full Cheating Investigation", price: "$1,295" },
  { name: "Hourly Surveillance", price: "$85/hr" },
  { name: "Ongoing Monitoring", price: "$395/mo" },
];

/** One header on every page: the same six links. */
const navLinks = ["Home", "Services", "Equipment Shop", "Book Now", "About", "Contact"];

const pages = [
  { path: "/", title: /Private Investigator Adelaide/, nav: "Home", links: navLinks },
  { path: "/services", title: /Services/, nav: "Services", links: navLinks },
  { path: "/about", title: /About/, nav: "About", links: navLinks },
  { path: "/contact", title: /Contact/, nav: "Contact", links: navLinks },
  { path: "/privacy", title: /Privacy Policy/, nav: null, links: navLinks },
] as const;

test.describe("every public page", () => {
  for (const p of pages) {
    test(`${p.path} has a title, a description, a canonical link, the footer and the sign-in button`, async ({ page, site }) => {
      const res = await page.goto(p.path);
      expect(res?.status()).toBe(200);
      await expect(page).toHaveTitle(p.title);
      await expect(page).toHaveTitle(/Adelaide Discreet Investigations/);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /\S.{30,}/);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${site.url}${p.path}`);

      const footer = page.getByRole("contentinfo");
      await expect(footer).toContainText(`© ${year} Adelaide Discreet Investigations`);
      await expect(footer).toContainText(disclaimer);

      const login = mainNav(page).getByRole("link", { name: "Login / Sign Up" });
      await expect(login).toBeVisible();
      await expect(login).toHaveAttribute("href", "/api/login");
      await expect(mainNav(page).getByRole("link", { name: "Dashboard" })).toHaveCount(0);
    });

    test(`${p.path} header shows the one navigation with the current page marked`, async ({ page }) => {
      await page.goto(p.path);
      const nav = mainNav(page);
      await expect(nav.getByRole("list").getByRole("link")).toHaveText([...p.links]);
      const current = nav.locator('[aria-current="page"]:visible');
      if (p.nav) {
        await expect(current).toHaveCount(1);
        await expect(current).toHaveText(p.nav);
        await expect(current).toHaveAttribute("href", p.path);
      } else {
        await expect(current).toHaveCount(0);
      }
    });
  }

  test("titles differ from page to page", async ({ page }) => {
    const titles = new Set<string>();
    for (const p of pages) {
      await page.goto(p.path);
      titles.add(await page.title());
    }
    expect(titles.size).toBe(pages.length);
  });
});

test.describe("home page", () => {
  test("the server HTML carries every block", async ({ request }) => {
    const { status, text, html } = await serverPage(request, "/");
    expect(status).toBe(200);
    expectTextContains(text, [
      "Find out the truth, discreetly",
      "View Our Services",
      "Free Consultation",
      // This site's crypto addresses are the shipped, made-up ones: no crypto discount is promised (decision 067).
      "50% off for new clients.",
      "Discreet Surveillance",
      "Photo & Video Proof",
      "Quick Results",
      "Ready to Get Started?",
      "View Services",
      "500+",
      "Cases completed",
      "48-72h",
      "Investigation Packages",
      ...packages.flatMap((p) => [p.name, p.price]),
      "POPULAR",
      "View All Services",
      "OSINT",
      "Free shipping on orders of $200 and over",
      "Interest-free payment plans",
      disclaimer,
    ]);
    expect(html).toContain('href="/shop"');
    // The shop has no bulk discount, so the promotion promises none (decision 083).
    expect(html).not.toMatch(/bulk discount/i);
  });

  test("hero, features, get-started block and stats", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Find out the truth, discreetly");
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "View Our Services" })).toHaveAttribute("href", "/services");
    await expect(main.getByRole("link", { name: "Free Consultation" })).toHaveAttribute("href", "/contact");
    await expect(main).toContainText("50% off for new clients.");
    await expect(main).not.toContainText("pay in cryptocurrency");

    for (const feature of ["Discreet Surveillance", "Photo & Video Proof", "Quick Results"]) {
      await expect(main.getByRole("heading", { name: feature, exact: true })).toBeVisible();
    }
    await expect(main).toContainText("48-72 hours");

    await expect(main.getByRole("heading", { name: "Ready to Get Started?" })).toBeVisible();
    await expect(main.getByRole("link", { name: "View Services", exact: true })).toHaveAttribute("href", "/services");
    await expect(main.getByRole("link", { name: "Talk to an investigator" })).toHaveAttribute("href", "/contact");

    const stats = main.locator("dl");
    await expect(stats.locator("dd")).toHaveText(["500+", "48-72h", "24/7", "100%"]);
    await expect(stats.locator("dt")).toHaveText(["Cases completed", "Typical time to results", "Availability", "Confidential"]);
  });

  test("the package grid shows the six packages with their prices, POPULAR on Infidelity Investigation", async ({ page }) => {
    await page.goto("/");
    const grid = page.getByRole("region", { name: "Investigation Packages" });
    const cards = grid.getByRole("article");
    await expect(cards).toHaveCount(6);
    for (const [i, p] of packages.entries()) {
      const card = cards.nth(i);
      await expect(card.getByRole("heading")).toHaveText(p.name);
      await expect(card).toContainText(p.price);
    }
    await expect(grid.getByText("POPULAR", { exact: true })).toHaveCount(1);
    await expect(cards.filter({ hasText: "POPULAR" }).getByRole("heading")).toHaveText("Infidelity Investigation");
    await expect(cards.nth(4)).toContainText("4-hour minimum");
    // One vehicle-tracking price everywhere (docs/product.md#prices): the services page's $100/day, not the old $120.
    await expect(grid).toContainText("$100/day");
    await expect(grid).not.toContainText("$120");
    await expect(grid.getByRole("link", { name: "View All Services" })).toHaveAttribute("href", "/services");
    await expect(grid).toContainText("Split a larger booking into 2, 3 or 4 payments");
  });

  test("the promo banner advertises the shop with free shipping from $200", async ({ page }) => {
    await page.goto("/");
    const banner = page.getByText(/OSINT tools/);
    await expect(banner).toBeVisible();
    await expect(banner).toContainText("Free shipping on orders of $200 and over");
    await expect(page.getByRole("link", { name: "Visit the shop" })).toHaveAttribute("href", "/shop");
    // The banner sits above the navigation.
    const bannerBox = await banner.boundingBox();
    const navBox = await mainNav(page).boundingBox();
    expect(bannerBox && navBox && bannerBox.y < navBox.y).toBe(true);
  });

  test("other pages have no promo banner", async ({ page }) => {
    for (const path of ["/services", "/about", "/contact"]) {
      await page.goto(path);
      await expect(page.getByText(/OSINT tools/)).toHaveCount(0);
    }
  });
});

test.describe("services page", () => {
  test("the server HTML carries every block", async ({ request }) => {
    const { status, text } = await serverPage(request, "/services");
    expect(status).toBe(200);
    expectTextContains(text, [
      "Infidelity Investigation Services",
      ...packages.flatMap((p) => [p.name, p.price, `Select ${p.name}`]),
      "Combined Surveillance & Tracking",
      "$125/hr",
      "$450/day",
      "$100/day",
      "$450/week",
      "1-3 days",
      "4-7 days",
      "10% off",
      "1-2 weeks",
      "15% off",
      "2+ weeks",
      "20% off",
      "Why Choose Us",
      "Complete Discretion",
      "Professional Results",
      "Flexible Timing",
    ]);
  });

  test("hero without the crypto notice while cryptocurrency is not on offer (decision 067)", async ({ page }) => {
    await page.goto("/services");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Infidelity Investigation Services");
    await expect(page.getByText(/pay in cryptocurrency/i)).toHaveCount(0);
  });

  test("six service cards, each with its price and a Select button", async ({ page }) => {
    await page.goto("/services");
    const cards = page.getByRole("main").getByRole("article");
    await expect(cards).toHaveCount(6);
    for (const [i, p] of packages.entries()) {
      const card = cards.nth(i);
      await expect(card.getByRole("heading")).toHaveText(p.name);
      await expect(card).toContainText(p.price);
      const select = card.getByRole("link", { name: `Select ${p.name}` }).or(card.getByRole("button", { name: `Select ${p.name}` }));
      await expect(select).toBeVisible();
    }
    await expect(cards.filter({ hasText: "POPULAR" }).getByRole("heading")).toHaveText("Infidelity Investigation");
  });

  test("combined surveillance & tracking block with rates and the volume discount table", async ({ page }) => {
    await page.goto("/services");
    const block = page.getByRole("region", { name: "Combined Surveillance & Tracking" });
    await expect(block).toBeVisible();
    const rates = block.getByRole("listitem");
    await expect(rates.filter({ hasText: "Combined Surveillance & Tracking" })).toContainText("$125/hr");
    await expect(rates.filter({ hasText: "Daily maximum" })).toContainText("$450/day");
    await expect(rates.filter({ hasText: "Vehicle Tracking (GPS)" })).toHaveText([/\$100\/day/, /\$450\/week/]);
    await expect(block).not.toContainText("$120");

    const table = block.getByRole("table");
    await expect(table.getByRole("columnheader")).toHaveText(["Duration", "Discount"]);
    const rows = table.getByRole("row");
    await expect(rows).toHaveCount(5);
    await expect(rows.nth(1).getByRole("cell")).toHaveText(["1-3 days", "Standard rate"]);
    await expect(rows.nth(2).getByRole("cell")).toHaveText(["4-7 days", "10% off"]);
    await expect(rows.nth(3).getByRole("cell")).toHaveText(["1-2 weeks", "15% off"]);
    await expect(rows.nth(4).getByRole("cell")).toHaveText(["2+ weeks", "20% off"]);
  });

  test("why choose us: discretion, professional results, flexible timing 24/7", async ({ page }) => {
    await page.goto("/services");
    const why = page.getByRole("region", { name: "Why Choose Us" });
    await expect(why.getByRole("heading", { level: 3 })).toHaveText(["Complete Discretion", "Professional Results", "Flexible Timing"]);
    await expect(why).toContainText("24/7");
    await expect(why).toContainText("emergency response");
  });
});

test.describe("about page", () => {
  test("the server HTML carries every block", async ({ request }) => {
    const { status, text } = await serverPage(request, "/about");
    expect(status).toBe(200);
    expectTextContains(text, [
      "About Us",
      "Our Story",
      "Initial Consultation",
      "Investigation Plan",
      "Partner Surveillance",
      "Report Delivery",
      "Licensed Professionals",
      "law-enforcement backgrounds",
      "Certified Operations",
      "Expert Network",
      "Client #1047",
      "S.M.",
      "Client #1183",
      "J.T.",
      "Client #1256",
      "R.K.",
      "Legal Compliance Notice",
    ]);
  });

  test("intro, story and the four-step process in order", async ({ page }) => {
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About Us");
    await expect(page.getByRole("region", { name: "Our Story" })).toContainText("500 cases");
    const steps = page.getByRole("region", { name: "Our Process" }).getByRole("listitem");
    await expect(steps).toHaveCount(4);
    await expect(steps.getByRole("heading")).toHaveText(["Initial Consultation", "Investigation Plan", "Partner Surveillance", "Report Delivery"]);
  });

  test("credentials, three anonymous testimonials and the legal compliance notice", async ({ page }) => {
    await page.goto("/about");
    const credentials = page.getByRole("region", { name: "Credentials" });
    await expect(credentials.getByRole("heading", { level: 3 })).toHaveText(["Licensed Professionals", "Certified Operations", "Expert Network"]);
    await expect(credentials).toContainText("law-enforcement backgrounds");

    const testimonials = page.getByRole("region", { name: "What Our Clients Say" }).getByRole("figure");
    await expect(testimonials).toHaveCount(3);
    const expected = [
      ["Client #1047", "S.M."],
      ["Client #1183", "J.T."],
      ["Client #1256", "R.K."],
    ];
    for (const [i, [client, initials]] of expected.entries()) {
      await expect(testimonials.nth(i)).toContainText(client!);
      await expect(testimonials.nth(i)).toContainText(initials!);
      await expect(testimonials.nth(i).getByRole("blockquote")).not.toBeEmpty();
    }

    const legal = page.getByRole("note");
    await expect(legal.getByRole("heading", { name: "Legal Compliance Notice" })).toBeVisible();
    await expect(legal).toContainText("Surveillance Devices Act 2016 (SA)");
    await expect(legal).toContainText("licensed partner investigators");
  });
});

test.describe("contact page", () => {
  test("the server HTML carries every block, and the FAQ says South Australia", async ({ request }) => {
    const { status, text } = await serverPage(request, "/contact");
    expect(status).toBe(200);
    expectTextContains(text, [
      "Contact Us in Complete Confidentiality",
      "Send us a message with the secure form on this page",
      "within 2 hours",
      "Privacy Guarantee",
      "strictly private",
      "Adelaide metropolitan area",
      "Greater Adelaide region",
      "Regional South Australia",
      "Barossa Valley and Adelaide Hills",
      "Fleurieu Peninsula and Riverland",
      "Secure Contact Form",
      "Full name",
      "Send Secure Message",
      "Frequently Asked Questions",
      "24-48 hours",
      "South Australia",
    ]);
    expect(text).not.toContain("United States");
    // The shipped contact details are made up: none of them is shown as if it were real (decision 037).
    for (const madeUp of ["+61 8 0000 0000", "enquiries@example.com", "+61 400 000 000", "+61 400 000 001", "example.investigations"])
      expect(text).not.toContain(madeUp);
  });

  test("hero, contact details with response time, privacy guarantee and five service areas", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Us in Complete Confidentiality");
    await expect(page.getByRole("main")).toContainText("stays between you and your investigator");

    // Until the owner sets real contact details, the block points to the form instead (decision 037).
    const details = page.getByRole("region", { name: "Get in Touch" });
    await expect(details).toContainText("Send us a message with the secure form on this page");
    await expect(details.getByRole("listitem")).toHaveCount(0);
    await expect(details).toContainText("within 2 hours");

    const privacy = page.getByRole("region", { name: "Privacy Guarantee" });
    await expect(privacy).toContainText("All consultations are strictly private");

    const areas = page.getByRole("region", { name: "Service Areas" }).getByRole("listitem");
    await expect(areas).toHaveText([
      "Adelaide metropolitan area",
      "Greater Adelaide region",
      "Regional South Australia",
      "Barossa Valley and Adelaide Hills",
      "Fleurieu Peninsula and Riverland",
    ]);

    await expect(page.getByRole("form", { name: "Secure contact form" })).toBeAttached();
  });

  test("the FAQ answers start time, confidentiality, area (South Australia) and payment", async ({ page }) => {
    await page.goto("/contact");
    const faq = page.getByRole("region", { name: "Frequently Asked Questions" });
    const questions = faq.locator("summary");
    await expect(questions).toHaveText(["How quickly can you start?", "Will my partner find out?", "Where do you operate?", "How can I pay?"]);

    await faq.getByText("How quickly can you start?").click();
    await expect(faq.getByText(/24-48 hours/)).toBeVisible();
    await expect(faq.getByText(/24-48 hours/)).toContainText("Same-day emergency");

    await faq.getByText("Where do you operate?").click();
    const area = faq.getByText(/We cover Adelaide/);
    await expect(area).toBeVisible();
    await expect(area).toContainText("South Australia");

    await faq.getByText("How can I pay?").click();
    // Only the ways to pay on offer: this site has no PayPal and made-up bank and crypto details (decision 067).
    await expect(faq.getByText(/We accept/)).toBeVisible();
    await expect(faq.getByText(/We accept/)).toHaveText("We accept cash deposit. Interest-free payment plans are available.");

    await expect(page.locator("body")).not.toContainText("United States");
  });
});

test.describe("privacy page", () => {
  test("renders the policy in the server HTML and the browser", async ({ page, request }) => {
    const { status, text } = await serverPage(request, "/privacy");
    expect(status).toBe(200);
    expectTextContains(text, [
      "Privacy Policy",
      "Australian Privacy Principles",
      "What we collect",
      "Your choices",
      "Questions about privacy: use the contact form.",
    ]);
    expect(text).not.toContain("enquiries@example.com");

    await page.goto("/privacy");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText([
      "What we collect",
      "Why we collect it",
      "Who sees it",
      "How we protect it",
      "Your choices",
      "Contact",
    ]);
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
  });
});
