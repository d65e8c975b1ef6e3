/**
 * The Nu HTML checker (vnu.jar from the vnu-jar package, run with the machine's Java) over the
 * server HTML of every public and customer page (checked-pages.ts), in one JVM run: no errors.
 * Warnings do not fail; they are listed in the test's output. The checker's own CSS validator does
 * not know today's CSS (`@property`, `@starting-style`, `transition-behavior`...), so its "CSS:"
 * messages about a public page's inline styles (decision 092) are left out: those rules are the
 * built stylesheet's, which the checker never read while it was only linked. Style attributes, the
 * other place CSS could be, are refused by the CSP.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { checkedCustomer, customerPages, pathFor, publicPages } from "./checked-pages";
import { expect, test } from "./fixtures";

const vnuJar = createRequire(import.meta.url)("vnu-jar") as string;
const java = process.env.JAVA_HOME ? join(process.env.JAVA_HOME, "bin/java") : "java";

type VnuMessage = { type: "error" | "info" | "non-document-error"; subType?: string; url?: string; lastLine?: number; message: string; extract?: string };

test("every public and customer page's HTML passes the Nu HTML checker", async ({ request, site }) => {
  test.setTimeout(120_000);
  const customer = checkedCustomer(site, `vnu-${Date.now()}@example.com`);
  const dir = mkdtempSync(join(tmpdir(), "pi-site-vnu-"));
  try {
    const files = new Map<string, string>();
    for (const [i, checked] of [...publicPages, ...customerPages].entries()) {
      const path = pathFor(checked, customer);
      const res = await request.get(path, { headers: checked.signedIn ? { cookie: `pi_session=${customer.token}` } : {}, maxRedirects: 0 });
      expect({ path, status: res.status() }).toEqual({ path, status: checked.status ?? 200 });
      const file = join(dir, `${String(i).padStart(2, "0")}-${checked.name.replace(/\W+/g, "-")}.html`);
      writeFileSync(file, await res.text());
      files.set(`file:${file}`, path);
    }

    const run = spawnSync(java, ["-jar", vnuJar, "--format", "json", "--exit-zero-always", ...[...files.keys()].map((f) => f.slice(5))], {
      encoding: "utf8",
      maxBuffer: 32 * 1024 * 1024,
    });
    if (run.error) throw new Error(`The Nu HTML checker needs Java 11 or later (apt-get install default-jre-headless): ${run.error.message}`);
    const messages = (JSON.parse(run.stderr || run.stdout) as { messages: VnuMessage[] }).messages;
    const describe = (m: VnuMessage) => `${files.get(m.url ?? "") ?? m.url}:${m.lastLine ?? "?"} ${m.message}${m.extract ? ` [${m.extract.trim()}]` : ""}`;
    const warnings = messages.filter((m) => m.type === "info" && m.subType === "warning").map(describe);
    if (warnings.length > 0) console.log(`Nu HTML checker warnings (${warnings.length}):\n${warnings.join("\n")}`);
    test.info().annotations.push({ type: "vnu warnings", description: String(warnings.length) });
    const aboutStyles = (m: VnuMessage) => m.message.startsWith("CSS: ");
    expect(messages.filter((m) => m.type !== "info" && !aboutStyles(m)).map(describe)).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
