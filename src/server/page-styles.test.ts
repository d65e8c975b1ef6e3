import { describe, expect, test } from "bun:test";
import { CryptoHasher } from "bun";
import { customerWithSession } from "../../tests/factories";
import { testAppPerFile } from "../../tests/helpers/per-test";
import { manifest } from "./assets.server";
import { htmlClasses, parseSheet, pickRules, scriptClasses, selectorNeeds } from "./page-styles";

describe("choosing a page's rules", () => {
  const sheet = parseSheet(
    [
      "@layer theme,base,utilities;",
      "@layer base{*,:before{box-sizing:border-box}html{line-height:1.5}}",
      "@layer utilities{.btn{cursor:pointer}.btn:not(.btn-active):hover{opacity:.9}.modal{display:grid}",
      ":is(.alert,.toast) .x{color:red}.md\\:flex{display:flex}.\\[\\&\\:\\:marker\\]\\:hidden::marker{display:none}",
      "@media (width>=48rem){.md\\:grid{display:grid}}@scope(.join){:where(:scope>*){margin:0}}}",
      "@keyframes spin{to{rotate:1turn}}@keyframes fade{to{opacity:0}}@property --tw-x{syntax:'*';inherits:false}@property --tw-y{syntax:'*';inherits:false}",
      ".spinner{animation:spin 1s;--tw-x:1}",
      `.q{content:"}{"}`,
    ].join(""),
  );

  test("keeps what needs no class, and a rule only when the page has its classes", () => {
    const css = pickRules(sheet, new Set(["btn", "spinner"]));
    expect(css).toContain("@layer theme,base,utilities;");
    expect(css).toContain("*,:before{box-sizing:border-box}");
    expect(css).toContain("html{line-height:1.5}");
    expect(css).toContain(".btn{cursor:pointer}");
    // A class under :not() is not needed for the rule to apply.
    expect(css).toContain(".btn:not(.btn-active):hover{opacity:.9}");
    expect(css).not.toContain(".modal");
    expect(css).not.toContain("@media");
    expect(css).not.toContain("@scope");
    expect(css).not.toContain(".q{");
    // Animations and registered properties only when a kept rule names them.
    expect(css).toContain("@keyframes spin{to{rotate:1turn}}");
    expect(css).not.toContain("@keyframes fade");
    expect(css).toContain("@property --tw-x");
    expect(css).not.toContain("@property --tw-y");
  });

  test("reads escaped class names, choices inside :is(), at-rule blocks and @scope", () => {
    expect(selectorNeeds(":is(.alert,.toast) .x")).toEqual([
      ["alert", "x"],
      ["toast", "x"],
    ]);
    expect(selectorNeeds(".\\[\\&\\:\\:marker\\]\\:hidden::marker")).toEqual([["[&::marker]:hidden"]]);
    const css = pickRules(sheet, new Set(["toast", "x", "md:flex", "md:grid", "join", "q"]));
    expect(css).toContain(":is(.alert,.toast) .x{color:red}");
    expect(css).toContain(".md\\:flex{display:flex}");
    expect(css).toContain("@media (width>=48rem){.md\\:grid{display:grid}}");
    expect(css).toContain("@scope(.join){:where(:scope>*){margin:0}}");
    expect(css).toContain(`.q{content:"}{"}`);
  });

  test("finds a page's classes in its HTML and in its scripts' strings", () => {
    expect([...htmlClasses(`<p class="a  b"></p><details class="[&amp;::marker]:hidden"></details>`)]).toEqual(["a", "b", "[&::marker]:hidden"]);
    const known = new Set(["alert", "alert-success", "alert-error", "toast-end", "shadow-lg"]);
    // A minified script: a template literal with a condition inside, a plain string, a look-alike name.
    const js = ["n.className=`alert $", '{ok?"alert-success":"alert-error"} shadow-lg`;r.className="toast toast-end";var alertx=1'].join("");
    expect(scriptClasses(js, known).sort()).toEqual(["alert", "alert-error", "alert-success", "shadow-lg", "toast-end"]);
  });

  test("the built stylesheet read into rules gives the whole sheet back when every class is there", async () => {
    const css = await Bun.file(`dist/client/${manifest.css.slice("/assets/".length)}`).text();
    const built = parseSheet(css);
    expect(built.classes.size).toBeGreaterThan(300);
    // Only the license comment, blanks, and animations or properties no rule names are dropped.
    expect(pickRules(built, built.classes).length).toBeGreaterThan(css.length * 0.99);
  }, 20_000);
});

describe("pages carry their own styles", () => {
  const t = testAppPerFile();

  /** The page's inline styles and its CSP, checked to allow them by their hash and nothing looser. */
  async function pageStyles(path: string) {
    const res = await t.request(path);
    expect(res.status).toBe(200);
    const html = await res.text();
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).not.toContain("unsafe-inline");
    expect(html).not.toContain('rel="stylesheet"');
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1] as string);
    expect(styles.length).toBe(1);
    const css = styles[0] as string;
    const hash = new CryptoHasher("sha256").update(css).digest("base64");
    expect(csp).toContain(`style-src 'self' 'sha256-${hash}'`);
    return { html, body: html.slice(html.indexOf("<body>")), css, csp };
  }

  test("/about sends its rules inline, far less than the whole sheet, allowed by hash, the same when cached", async () => {
    const first = await pageStyles("/about");
    const full = await (await t.request(manifest.css)).text();
    expect(first.css.length).toBeLessThan(full.length / 2);
    // Rules of its own markup are there; rules of screens it does not show are not.
    expect(first.css).toContain(".btn{");
    expect(first.css).not.toContain(".table{");
    // From the page cache: the same page, the same hash.
    const again = await pageStyles("/about");
    expect(again.csp).toBe(first.csp);
    expect(again.html).toBe(first.html);
  }, 20_000);

  test("a plain form's page carries the toast its script shows after sending, though its HTML has none", async () => {
    const { html, body, css } = await pageStyles("/login");
    expect(html).toContain(manifest.formPending);
    expect(body).not.toContain("toast-end");
    expect(css).toContain(".toast-end{");
  }, 20_000);

  test("an island's page carries what the island and the toaster add in the browser", async () => {
    const { html, body, css } = await pageStyles("/contact");
    expect(html).toContain(manifest.entry);
    expect(body).not.toContain("toast-end");
    expect(css).toContain(".toast-end{");
    expect(css).toContain(".alert-error{");
  }, 20_000);

  test("the services page, which may relax its own headers, carries its hash as well", async () => {
    const { csp } = await pageStyles("/services");
    expect(csp).toContain("script-src 'self'");
  }, 20_000);

  test("a signed-in visitor's pages, rendered for each request, link the sheet their browser keeps", async () => {
    const ann = customerWithSession(t.db, "ann-styles@example.com");
    for (const path of ["/dashboard", "/about"]) {
      const res = await t.request(path, { headers: { Cookie: ann.cookie } });
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain(`<link rel="stylesheet" href="${manifest.css}">`);
      expect(html).not.toContain("<style>");
      expect(res.headers.get("content-security-policy")).toContain("style-src 'self';");
    }
  }, 20_000);

  test("the admin portal links the site's stylesheet, which its browsers keep between screens", async () => {
    const res = await t.request("/admin/login");
    const html = await res.text();
    expect(html).toContain(`<link rel="stylesheet" href="${manifest.css}">`);
    expect(html).not.toContain("<style>");
    expect(res.headers.get("content-security-policy")).toContain("style-src 'self';");
  }, 20_000);
});
