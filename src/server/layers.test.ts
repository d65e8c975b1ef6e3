/**
 * Handlers only speak HTTP: they parse, call an action (src/actions/) or a read (src/reads/), and
 * answer. SQL and transactions live in src/db/, the PayPal sequences in src/payments/, and what a
 * change mails in its action, so no page or API module may reach src/db/ (not even for a type), the
 * database driver, the PayPal client or a mail template, hold the database itself, or open a
 * transaction. Reads never change anything. There is no list of exceptions.
 */
import { expect, test } from "bun:test";
import { Glob } from "bun";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dir, "../..");
const handlerFolders = ["src/api", "src/pages"];

const forbiddenImports: { offence: string; matches: (specifier: string) => boolean }[] = [
  { offence: "imports drizzle-orm", matches: (s) => s === "drizzle-orm" || s.startsWith("drizzle-orm/") },
  { offence: "imports bun:sqlite", matches: (s) => s === "bun:sqlite" },
  { offence: "imports the database schema", matches: (s) => /(^|\/)db\/schema(\.ts)?$/.test(s) },
  { offence: "imports the database client", matches: (s) => /(^|\/)client\.server(\.ts)?$/.test(s) },
  // What a page or an answer shows is gathered by a read in src/reads/ (decision 062).
  { offence: "imports src/db/ (read through src/reads/)", matches: (s) => /(^|\/)db\//.test(s) && !/(^|\/)db\/(schema|client\.server)(\.ts)?$/.test(s) },
  // PayPal is called only by src/payments/ (capture, refund, the lookup), never by a handler.
  { offence: "imports the PayPal client", matches: (s) => /(^|\/)payments\/paypal\.server(\.ts)?$/.test(s) },
  // Who is mailed, and with what, is decided by the action that makes the change (decision 060).
  { offence: "imports a mail template", matches: (s) => /(^|\/)mail\/templates\//.test(s) },
];

const forbiddenCalls: { offence: string; pattern: RegExp }[] = [
  { offence: "calls immediate(", pattern: /\bimmediate\s*\(/ },
  { offence: "calls .transaction(", pattern: /\.transaction\s*\(/ },
  { offence: "uses the raw SQLite handle ($client)", pattern: /\.\$client\b/ },
  { offence: "holds the database (deps.db)", pattern: /\bdeps\.db\b/ },
];

/** The code without its comments, so a comment that names `immediate(` is no offence. */
function withoutComments(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .split("\n")
    .filter((line) => !line.trimStart().startsWith("//"))
    .join("\n");
}

/** What a module does that belongs in src/db/: forbidden imports (static, re-export or dynamic) and calls. */
function layerOffences(source: string): string[] {
  const code = withoutComments(source);
  const specifiers = [...code.matchAll(/(?:\bfrom|\bimport|\brequire)\s*\(?\s*["']([^"']+)["']/g)].map((m) => m[1] ?? "");
  const offences = forbiddenImports.filter((rule) => specifiers.some(rule.matches)).map((rule) => rule.offence);
  return [...offences, ...forbiddenCalls.filter((rule) => rule.pattern.test(code)).map((rule) => rule.offence)];
}

function handlerFiles(): string[] {
  const glob = new Glob("**/*.{ts,tsx}");
  return handlerFolders.flatMap((folder) =>
    [...glob.scanSync({ cwd: join(root, folder) })].filter((file) => !/\.test\.tsx?$/.test(file)).map((file) => `${folder}/${file}`),
  );
}

test("no module under src/api or src/pages touches SQL or opens a transaction", () => {
  const files = handlerFiles();
  expect(files).toContain("src/api/admin/orders.ts");
  expect(files).toContain("src/pages/account.routes.ts");
  expect(files.some((f) => f.endsWith(".tsx"))).toBe(true);
  const offences = files.flatMap((file) => layerOffences(readFileSync(join(root, file), "utf8")).map((offence) => `${file}: ${offence}`));
  expect(offences).toEqual([]);
});

test("the check names each kind of offence", () => {
  const source = [
    `import { and, eq } from "drizzle-orm";`,
    `import type { Database } from "bun:sqlite";`,
    `import { payments } from "../../db/schema";`,
    `import { immediate } from "../../db/client.server";`,
    `const created = immediate(deps.db, () => 1);`,
    `deps.db.transaction((tx) => tx);`,
    `deps.db.$client.query("SELECT 1");`,
    `import { PayPalClient } from "../payments/paypal.server";`,
    `import { orderPaidMail } from "../../mail/templates/orders";`,
    `import type { Booking } from "../db/bookings.server";`,
    `return c.json(listAdminPayments(deps.db, query));`,
  ].join("\n");
  expect(layerOffences(source)).toEqual([
    "imports drizzle-orm",
    "imports bun:sqlite",
    "imports the database schema",
    "imports the database client",
    "imports src/db/ (read through src/reads/)",
    "imports the PayPal client",
    "imports a mail template",
    "calls immediate(",
    "calls .transaction(",
    "uses the raw SQLite handle ($client)",
    "holds the database (deps.db)",
  ]);
  expect(layerOffences(`export { users } from "../db/schema.ts";\nconst sql = await import("drizzle-orm/sql");`)).toEqual([
    "imports drizzle-orm",
    "imports the database schema",
  ]);
});

test("reads, actions, comments and look-alike names are no offence", () => {
  const source = [
    `/** Runs in one immediate( transaction in db/. */`,
    `// deps.db.transaction( is db/'s job`,
    `import { checkoutData } from "../reads/checkout.server";`,
    `import { changeOrderByAdmin } from "../../actions/admin-order.server";`,
    `const kept = deps.dbPath ?? otherDeps.db;`,
    `import { adminFetch } from "../../client/admin-fetch";`,
    `import { paypalConfig } from "../payments/paypal-config.server";`,
    `import { paypalCheckout } from "../payments/paypal-checkout.server";`,
    `import { mailContext } from "../mail/context.server";`,
    `import { invoiceDocument } from "../components/invoice-document";`,
    `const immediately = notImmediate(1);`,
  ].join("\n");
  expect(layerOffences(source)).toEqual([]);
});

test("no action under src/actions knows HTTP's framework: it throws typed errors and a handler answers", () => {
  const glob = new Glob("**/*.ts");
  const actions = [...glob.scanSync({ cwd: join(root, "src/actions") })].filter((file) => !file.endsWith(".test.ts"));
  expect(actions).toContain("book-appointment.server.ts");
  const offences = actions.filter((file) => {
    const code = withoutComments(readFileSync(join(root, "src/actions", file), "utf8"));
    return [...code.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*["']([^"']+)["']/g)].some((m) => m[1] === "hono" || m[1]?.startsWith("hono/"));
  });
  expect(offences).toEqual([]);
});

test("no read under src/reads changes anything: no action, mail, payment, transaction or HTTP", () => {
  const glob = new Glob("**/*.ts");
  const reads = [...glob.scanSync({ cwd: join(root, "src/reads") })].filter((file) => !file.endsWith(".test.ts"));
  expect(reads).toContain("checkout.server.ts");
  const writes = (specifier: string) =>
    specifier === "hono" ||
    specifier.startsWith("hono/") ||
    (/(^|\/)(actions|mail|payments)\//.test(specifier.replace(/^\.\.\//, "../")) && !/payments\/paypal-config\.server/.test(specifier));
  const offences = reads.flatMap((file) => {
    const code = withoutComments(readFileSync(join(root, "src/reads", file), "utf8"));
    const specifiers = [...code.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*["']([^"']+)["']/g)].map((m) => m[1] ?? "");
    const imports = specifiers.filter(writes).map((s) => `${file}: imports ${s}`);
    const calls = forbiddenCalls
      .filter((rule) => rule.offence !== "holds the database (deps.db)" && rule.pattern.test(code))
      .map((rule) => `${file}: ${rule.offence}`);
    return [...imports, ...calls];
  });
  expect(offences).toEqual([]);
});
