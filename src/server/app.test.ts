import { describe, expect, test } from "bun:test";
import { testAppPerFile } from "../../tests/helpers/per-test";
import { manifest } from "./assets.server";

const t = testAppPerFile();

const pages: [string, string[]][] = [
  [
    "/",
    [
      "Find out the truth, discreetly",
      "View Our Services",
      "Free Consultation",
      "Discreet Surveillance",
      "Photo &amp; Video Proof",
      "Quick Results",
      "Ready to Get Started?",
      "500+",
      "$1,295",
      "$85/hr",
      "$395/mo",
      "POPULAR",
      "View All Services",
      "$100/day or $450/week",
    ],
  ],
  [
    "/services",
    [
      "Infidelity Investigation Services",
      "Select Discreet Check Up",
      "Select Ongoing Monitoring",
      "$125/hr",
      "$450/day",
      "4-7 days",
      "10% off",
      "2+ weeks",
      "20% off",
      "Why Choose Us",
      "Flexible Timing",
    ],
  ],
  [
    "/about",
    [
      "Our Story",
      "Initial Consultation",
      "Investigation Plan",
      "Partner Surveillance",
      "Report Delivery",
      "Licensed Professionals",
      "Client #1047",
      "S.M.",
      "Legal Compliance Notice",
    ],
  ],
  [
    "/contact",
    [
      "Complete Confidentiality",
      "We respond within 2 hours.",
      "Privacy Guarantee",
      "Barossa Valley and Adelaide Hills",
      "Fleurieu Peninsula and Riverland",
      "Secure Contact Form",
      "How quickly can you start?",
      "South Australia",
    ],
  ],
  ["/privacy", ["Privacy Policy", "Australian Privacy Principles"]],
];

describe("public pages", () => {
  for (const [path, texts] of pages) {
    test(`${path} is rendered on the server with its blocks`, async () => {
      const res = await t.request(path);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("text/html");
      const html = await res.text();
      expect(texts.filter((text) => !html.includes(text))).toEqual([]);
      expect(html).toContain(`<link rel="canonical" href="http://localhost${path}">`);
      expect(html).toMatch(/<title>[^<]+<\/title>/);
      expect(html).toContain('<meta name="description"');
      expect(html).toContain(`© ${new Date().getFullYear()}`);
      expect(html).toContain("personal reassurance only");
      expect(html).toContain('href="/api/login"');
    });
  }

  test("the FAQ names South Australia, never the United States", async () => {
    const html = await (await t.request("/contact")).text();
    expect(html).not.toContain("United States");
  });

  test("pages with no island carry no script; the home page only the counter", async () => {
    for (const path of ["/about", "/privacy"]) {
      const html = await (await t.request(path)).text();
      expect(html.match(/<script(?![^>]*application\/(ld\+)?json)[^>]*>/g)).toBeNull();
    }
    // The payment dialogs hydrate on first interaction: only the small entry script, nothing of React preloaded.
    const services = await (await t.request("/services")).text();
    expect(services.match(/<script(?![^>]*application\/(ld\+)?json)[^>]*>/g)).toEqual([`<script type="module" src="${manifest.entry}">`]);
    expect(services).not.toContain("modulepreload");
    expect(services.match(/data-island="PaymentDialog"/g)).toHaveLength(6);
    const home = await (await t.request("/")).text();
    expect(home.match(/<script type="module" src="[^"]+"/g)).toEqual([`<script type="module" src="${manifest.counter}"`]);
    const contact = await (await t.request("/contact")).text();
    expect(contact).toContain(`<script type="module" src="${manifest.entry}">`);
    // The form hydrates when visible, so nothing of React is preloaded.
    expect(contact).not.toContain("modulepreload");
    expect(contact).toContain('data-island="ContactForm"');
  });

  test("the home page carries the business's JSON-LD", async () => {
    const html = await (await t.request("/")).text();
    const ld = /<script type="application\/ld\+json">(.+?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(ld!)).toMatchObject({ "@type": "ProfessionalService", address: { addressRegion: "SA" } });
  });
});

describe("routing", () => {
  test("an unknown path shows 'Page Not Found' with 404", async () => {
    const res = await t.request("/no-such-page");
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Page Not Found");
  });

  test("other casings and a trailing slash redirect to the canonical path", async () => {
    for (const [from, to] of <[string, string][]>[
      ["/Services", "/services"],
      ["/ABOUT/", "/about"],
      ["/contact/?service=partner", "/contact?service=partner"],
    ]) {
      const res = await t.request(from);
      expect(res.status).toBe(301);
      expect(res.headers.get("location")).toBe(to);
    }
  });

  test("API paths match case-insensitively too", async () => {
    const res = await t.request("/API/Visitor-Count/");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ count: 3333 });
  });

  test("an unknown API path answers the JSON error shape", async () => {
    const res = await t.request("/api/nothing-here");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: "not_found", message: "Not found" } });
  });

  test("robots.txt keeps crawlers out of private areas; sitemap lists the public pages", async () => {
    const robots = await (await t.request("/robots.txt")).text();
    for (const p of ["/admin", "/dashboard", "/api"]) expect(robots).toContain(`Disallow: ${p}`);
    const sitemap = await (await t.request("/sitemap.xml")).text();
    for (const p of ["/services", "/about", "/contact"]) expect(sitemap).toContain(`<loc>http://localhost${p}</loc>`);
  });

  test("/healthz answers ok, never cached, and tells nothing else", async () => {
    const res = await t.request("/healthz");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({ status: "ok" });
  });

  test("/healthz is not held to a rate limit: a monitor polling it often is always answered", async () => {
    const answers = await Promise.all(Array.from({ length: 200 }, () => t.request("/healthz")));
    expect(answers.map((r) => r.status)).toEqual(Array(200).fill(200));
  });
});

describe("headers, compression and caching", () => {
  test("every response carries the security headers and a strict CSP", async () => {
    for (const path of ["/", "/api/visitor-count", "/nope", manifest.css]) {
      const res = await t.request(path);
      const csp = res.headers.get("content-security-policy")!;
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain("unsafe-inline");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("same-origin");
    }
  });

  test("pages are served brotli or gzip compressed, with ETag revalidation", async () => {
    const br = await t.request("/about", { headers: { "Accept-Encoding": "gzip, br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    const gz = await t.request("/about", { headers: { "Accept-Encoding": "gzip" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    const etag = gz.headers.get("etag")!;
    const again = await t.request("/about", { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
  });

  test("hashed assets are immutable; public images are cached for a day", async () => {
    const css = await t.request(manifest.css);
    expect(css.status).toBe(200);
    expect(css.headers.get("cache-control")).toContain("immutable");
    expect(css.headers.get("content-type")).toContain("text/css");
    const img = await t.request("/images/products/placeholder.svg");
    expect(img.status).toBe(200);
    expect(img.headers.get("cache-control")).toBe("public, max-age=86400");
    expect((await t.request("/assets/missing-file.js")).status).toBe(404);
  });

  test("a cached page is rendered again after its data changes", async () => {
    const before = await (await t.request("/about")).text();
    expect(before).toContain("Our Story");
    t.db.$client
      .query("UPDATE content_sections SET content = ? WHERE id = 'about.story'")
      .run(JSON.stringify({ title: "Our History", paragraphs: ["Since the start."] }));
    t.deps.pageCache.clear();
    const after = await (await t.request("/about")).text();
    expect(after).toContain("Our History");
    expect(after).not.toContain("Our Story");
  });

  test("invalid stored content falls back to the shipped text instead of breaking the page", async () => {
    t.db.$client.query("UPDATE content_sections SET content = ? WHERE id = 'home.hero'").run("{not json");
    t.deps.pageCache.clear();
    const res = await t.request("/");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Find out the truth, discreetly");
  });
});
