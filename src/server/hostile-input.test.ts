/**
 * Hostile input over every route the app registers, read from `app.routes` so a new route is
 * covered without editing this file. Each method and path (its `:params` and `*` filled with
 * plausible and hostile values) gets malformed JSON, wrong types, 1 MB bodies, control characters,
 * mixed scripts and RTL overrides, missing and wrong content types and garbage multipart, both
 * signed out and signed in as a customer, always with our own Origin so the origin check does not
 * hide the handler. Never a 5xx; /api/* and /paypal/* errors in the JSON error shape; and a refused
 * (4xx) request leaves every table's rows exactly as they were. The case rooms' routes are sent
 * with a real room (a file in it) and, on the portal's, as the owner too; their uploads get cases of
 * their own below (hostile names, a wrong type, a body longer than announced, a wrong checksum,
 * hostile Range headers), each refused in the JSON error shape with no row and no file left.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { testOrigin } from "../../tests/helpers/browser";
import { startPayPalStandIn, standInEnv } from "../../tests/helpers/paypal-stand-in";
import {
  adminWithToken,
  approvedReviews,
  businessDetails,
  cartLine,
  caseMessageOf,
  customerWithBooking,
  customerWithSession,
  paymentDetails,
  reviewedProduct,
} from "../../tests/factories";
import { executableBytes, pdfBytes, sha256Hex } from "../../tests/helpers/case-media";
import { testAddress } from "../../tests/helpers/shop";
import { createTestApp, type TestApp } from "../../tests/helpers/test-app";
import {
  adminCaseFilePath,
  type CaseSide,
  caseFilePath,
  caseRoomMessages,
  caseSides,
  caseUploadChunkBytes,
  caseUploadsPath,
  maxCaseFileNameLength,
} from "../shared/case-room";
import { uploadPath } from "./app";
import { isCaseChunkRequest } from "./case-files/case-chunk-path";
import { sendDailyDigestIfDue } from "./daily-digest.server";

const standIn = startPayPalStandIn();
afterAll(() => standIn.close());

// PayPal configured (against the stand-in), so /paypal/* reach their handlers instead of a 503.
const newApp = () =>
  createTestApp({
    ...standInEnv(standIn),
    PAYPAL_TIMEOUT_MS: "2000",
  });

/** Every method and path the app registers; `ALL …/*` entries are middleware, not routes. */
function registeredRoutes(): { method: string; path: string }[] {
  const t = newApp();
  const seen = new Map<string, { method: string; path: string }>();
  for (const r of t.app.routes) {
    if (r.method === "ALL" && r.path.endsWith("*")) continue;
    for (const method of r.method === "ALL" ? ["GET", "POST"] : [r.method]) seen.set(`${method} ${r.path}`, { method, path: r.path });
  }
  t.close();
  return [...seen.values()];
}

const megabyte = "x".repeat(1024 * 1024);
const controlChars = "a\u0000b\u0001\u0007\u0008\u001b[31m\r\n\t\u007f\u0085\u2028\u2029end";
const mixedScripts =
  "p\u0430yp\u0430l \u202Egnp.exe\u202C \u200B\u200D\uFEFF \u0645\u0631\u062D\u0628\u0627 \u05E9\u05DC\u05D5\u05DD \uD835\uDC00\uD835\uDC01 e\u0301\u0301\u0301 \u{1F600}";
/** Field names the site's forms and JSON payloads use, so wrong values reach real validators. */
const fieldNames = [
  "email",
  "password",
  "newPassword",
  "currentPassword",
  "confirm",
  "firstName",
  "lastName",
  "name",
  "phone",
  "message",
  "subject",
  "service",
  "serviceId",
  "amount",
  "currency",
  "intent",
  "method",
  "productId",
  "quantity",
  "date",
  "time",
  "slot",
  "slotId",
  "timeslotId",
  "bookingId",
  "code",
  "referralCode",
  "returnTo",
  "token",
  "notes",
  "q",
  "sort",
  "category",
  "reason",
  "state",
  "rating",
  "title",
  "comment",
  "page",
  // The case room's messages, updates, gathering and uploads.
  "body",
  "status",
  "notify",
  "bookingReference",
  "size",
  "type",
  "messageId",
];
const withEvery = (value: unknown) => Object.fromEntries(fieldNames.map((k) => [k, value]));
const form = (value: string) => new URLSearchParams(withEvery(value) as Record<string, string>).toString();

type Body = { name: string; body: string | Blob; contentType?: string; expect413?: boolean };
const bodies: Body[] = [
  { name: "malformed JSON", body: '{"email": "a@b.c", "password": ', contentType: "application/json" },
  {
    name: "JSON with a lone surrogate and deep nesting",
    body: `{"message":"\\ud800","x":${"[".repeat(5000)}${"]".repeat(5000)}}`,
    contentType: "application/json",
  },
  { name: "JSON null", body: "null", contentType: "application/json" },
  { name: "JSON array", body: "[1,2,3]", contentType: "application/json" },
  { name: "JSON string", body: '"just a string"', contentType: "application/json" },
  { name: "JSON numbers everywhere", body: JSON.stringify(withEvery(1e308)), contentType: "application/json" },
  { name: "JSON objects everywhere", body: JSON.stringify(withEvery({ $gt: "", __proto__: { admin: true } })), contentType: "application/json" },
  { name: "JSON arrays everywhere", body: JSON.stringify(withEvery(["a", "b"])), contentType: "application/json" },
  { name: "JSON booleans and nulls", body: JSON.stringify({ ...withEvery(true), email: null, quantity: -1, amount: "NaN" }), contentType: "application/json" },
  { name: "JSON prototype keys", body: '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}', contentType: "application/json" },
  { name: "JSON control characters", body: JSON.stringify(withEvery(controlChars)), contentType: "application/json" },
  { name: "JSON mixed scripts and RTL overrides", body: JSON.stringify(withEvery(mixedScripts)), contentType: "application/json" },
  { name: "JSON 1 MB string", body: JSON.stringify({ message: megabyte, email: megabyte }), contentType: "application/json", expect413: true },
  { name: "form control characters", body: form(controlChars), contentType: "application/x-www-form-urlencoded" },
  { name: "form mixed scripts and RTL overrides", body: form(mixedScripts), contentType: "application/x-www-form-urlencoded" },
  { name: "form with broken percent-encoding", body: "email=%ZZ&password=%E0%A4%A&message=%00%", contentType: "application/x-www-form-urlencoded" },
  {
    name: "form with repeated keys",
    body: "email=a@b.c&email=d@e.f&quantity=1&quantity=2&returnTo=//evil.example",
    contentType: "application/x-www-form-urlencoded",
  },
  { name: "form 1 MB string", body: `message=${megabyte}`, contentType: "application/x-www-form-urlencoded", expect413: true },
  { name: "JSON sent as a form", body: JSON.stringify({ email: "a@b.c", password: "x" }), contentType: "application/x-www-form-urlencoded" },
  { name: "form sent as JSON", body: "email=a%40b.c&password=x", contentType: "application/json" },
  { name: "JSON without a content type", body: new Blob([JSON.stringify({ email: "a@b.c" })]) },
  { name: "XML", body: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>', contentType: "text/xml" },
  { name: "multipart without a boundary", body: "garbage", contentType: "multipart/form-data" },
  { name: "garbage multipart", body: "--zz\r\nnot a header\r\n\r\n\u0000\u0001--zz", contentType: "multipart/form-data; boundary=zz" },
  { name: "truncated multipart", body: '--zz\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.c', contentType: "multipart/form-data; boundary=zz" },
  {
    name: "multipart with a file where text is expected",
    body: '--zz\r\nContent-Disposition: form-data; name="email"; filename="x.exe"\r\nContent-Type: application/octet-stream\r\n\r\nMZ\u0000\u0000\r\n--zz--\r\n',
    contentType: "multipart/form-data; boundary=zz",
  },
  { name: "empty body with JSON content type", body: "", contentType: "application/json" },
];

/** Query strings for GET routes: the site's filters, return paths and tokens, made hostile. */
const hostileQueries = [
  "",
  `?q=${encodeURIComponent(controlChars)}&category=${encodeURIComponent(mixedScripts)}&sort=%00&show=-1`,
  "?returnTo=%2F%2Fevil.example&next=https:%2F%2Fevil.example&service=%0D%0ASet-Cookie:x=1",
  "?returnTo=%2Fdashboard%0D%0ASet-Cookie:%20x%3D1&redirect=%0A&cart=%0D%0A",
  "?token=%ZZ&code=%E0%A4%A&state=%00&ref=%E2%80%AE",
  `?q=${"a".repeat(10_000)}&token=${"b".repeat(4000)}`,
  "?sent=1&service=partner&cart=added&q[]=1&q[x]=2",
];

/** Values for a path parameter: plausible ones first, then hostile ones (already URL-encoded). */
function paramValues(name: string, plausible: Record<string, string>): { value: string; hostile: boolean }[] {
  const real = plausible[name];
  return [
    ...(real ? [{ value: encodeURIComponent(real), hostile: false }] : []),
    { value: "1", hostile: false },
    { value: "2026-12-01", hostile: false },
    { value: "00000000-0000-4000-8000-000000000000", hostile: false },
    ...[
      "%00",
      "%0A%0DLocation:%20https://evil.example",
      "..%2F..%2Fetc%2Fpasswd",
      "%ZZ",
      "%E2%80%AEgnp.exe",
      encodeURIComponent("'; DROP TABLE users;--"),
      encodeURIComponent(mixedScripts),
      "a".repeat(3000),
      "-1",
      "1e309",
    ].map((value) => ({ value, hostile: true })),
  ];
}

/** Fills `:name`, `:name{pattern}` and `*` of a route path. */
function fill(path: string, value: (name: string) => string): string {
  return path.replace(/:([A-Za-z0-9_]+)(\{(?:[^{}]|\{[^{}]*\})*\})?\??/g, (_, name: string) => value(name)).replace(/\*/g, () => value("*"));
}
const paramNames = (path: string) => [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!).concat(path.includes("*") ? ["*"] : []);

/** A digest of every row of every table, to prove a refused request wrote nothing. */
function databaseDigest(t: TestApp): string {
  // `wr`: a WITHOUT ROWID table (the search index's shadow tables), ordered by its key instead.
  const tables = t.db.$client
    .query("SELECT name, wr FROM pragma_table_list WHERE schema = 'main' AND type IN ('table', 'virtual') AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .all() as { name: string; wr: number }[];
  const hasher = new Bun.CryptoHasher("sha256");
  for (const { name, wr } of tables) {
    hasher.update(name);
    for (const row of t.db.$client.query(`SELECT * FROM "${name}" ORDER BY ${wr ? "1, 2" : "rowid"}`).values())
      hasher.update(JSON.stringify(row, (_k, v: unknown) => (v instanceof Uint8Array ? Buffer.from(v).toString("hex") : v)));
  }
  return hasher.digest("hex");
}

const isJsonArea = (path: string) => path.startsWith("/api/") || path.startsWith("/paypal/");

/** Who sends a request: nobody, the customer, or (on the case rooms' portal routes) the owner. */
type Who = "signed out" | "signed in" | "owner";
type Case = { label: string; path: string; method: string; body?: Body; who: Who; expect413: boolean };

/** The portal's case routes are also sent as the owner, so hostile input reaches their handlers. */
const isAdminCaseRoute = (path: string) => path.startsWith("/api/admin/cases");

/**
 * A room for the case routes' `:ref`: the customer's paid booking, a message of theirs, and a
 * ready PDF (file 1) the owner added through the upload API, so downloads and uploads reach
 * their handlers with real rows.
 */
async function caseRoomFor(t: TestApp, headers: { Authorization: string }) {
  const customer = customerWithBooking(t.db, "hostile@example.com", { paid: true, time: "free" });
  caseMessageOf(t.db, customer.reference, "client", "The car was there again.");
  const bytes = pdfBytes("A report");
  const base = caseUploadsPath("business", customer.reference);
  const auth = { ...headers, Origin: testOrigin };
  const started = await t.send("POST", base, { name: "report.pdf", size: bytes.length, type: "application/pdf" }, auth);
  const { id } = (await started.json()) as { id: number };
  const chunk = await t.request(`${base}/${id}?offset=0`, { method: "PUT", headers: { ...auth, "X-Chunk-Sha256": sha256Hex(bytes) }, body: bytes });
  if (chunk.status !== 200) throw new Error(`the case file was not uploaded: ${chunk.status} ${await chunk.text()}`);
  return customer;
}

async function runRoute(method: string, routePath: string): Promise<string[]> {
  const t = newApp();
  const failures: string[] = [];
  try {
    const product = t.db.$client.query("SELECT id, slug FROM products ORDER BY rowid LIMIT 1").get() as { id: string; slug: string } | null;
    const plausible: Record<string, string> = {
      slug: product?.slug ?? "",
      productId: product?.id ?? "",
      orderId: "ORDER000000000001",
      date: "2026-12-01",
      "*": "missing.js",
    };
    // The case routes get an owner, and a room of the customer's with a file in it (only they, so
    // no other route meets an admin it would not otherwise have).
    const owner = routePath.includes("/cases") ? adminWithToken(t.db, "hostile-owner") : null;
    const room = owner ? await caseRoomFor(t, { Authorization: owner.authorization }) : null;
    const customer = room ?? customerWithSession(t.db, "hostile@example.com");
    if (room) plausible.ref = room.reference;
    // A published review (id 1) by someone else, so the review routes' :id names a real one.
    if (product) approvedReviews(t.db, product.slug, 1);

    // Plausible parameters get every body; each hostile parameter gets one ordinary body.
    const names = paramNames(routePath);
    const paths: { path: string; hostile: boolean }[] = [{ path: fill(routePath, (n) => paramValues(n, plausible)[0]!.value), hostile: false }];
    for (const name of names)
      for (const v of paramValues(name, plausible).slice(1))
        paths.push({ path: fill(routePath, (n) => (n === name ? v.value : paramValues(n, plausible)[0]!.value)), hostile: v.hostile });
    const ordinary = bodies.find((b) => b.name === "JSON booleans and nulls")!;

    const cases: Case[] = [];
    for (const who of ["signed out", "signed in", ...(isAdminCaseRoute(routePath) ? ["owner"] : [])] as Who[]) {
      for (const [i, p] of paths.entries()) {
        if (method === "GET" || method === "HEAD") {
          for (const q of i === 0 ? hostileQueries : [""]) cases.push({ label: `${p.path}${q}`, path: p.path + q, method, who, expect413: false });
          // Another spelling of the path takes the canonical redirect, carrying the hostile query.
          if (i === 0)
            for (const q of hostileQueries.slice(1, 4))
              cases.push({ label: `${p.path.toUpperCase()}/${q}`, path: `${p.path.toUpperCase()}/${q}`, method, who, expect413: false });
        } else {
          // A 1 MB body is within the image upload's own limit (app.ts) and a case file's chunk's
          // (one chunk, decision 080); every other route refuses it.
          for (const body of i === 0 ? bodies : [ordinary])
            cases.push({
              label: `${p.path} with ${body.name}`,
              path: p.path,
              method,
              body,
              who,
              expect413: body.expect413 === true && p.path !== uploadPath && !isCaseChunkRequest(method, p.path),
            });
        }
      }
    }

    let digest = databaseDigest(t);
    let address = 0;
    for (const c of cases) {
      // A fresh client address each time, so the per-address limits don't answer for the handler.
      t.setIp(`198.18.${(address >> 8) & 255}.${address++ & 255}`);
      const headers: Record<string, string> = { Origin: testOrigin, Accept: "text/html,application/json;q=0.9" };
      if (c.who === "signed in") headers.Cookie = customer.cookie;
      if (c.who === "owner" && owner) headers.Authorization = owner.authorization;
      if (c.body?.contentType) headers["Content-Type"] = c.body.contentType;
      const who = c.who;
      let res: Response;
      try {
        res = await t.request(c.path, { method: c.method, headers, body: c.body?.body });
      } catch (err) {
        failures.push(`${c.method} ${c.label} (${who}): threw ${err instanceof Error ? err.message : String(err)}`);
        continue;
      }
      const text = await res.text();
      if (res.status >= 500) failures.push(`${c.method} ${c.label} (${who}): ${res.status} ${text.slice(0, 200)}`);
      if (c.expect413 && res.status !== 413) failures.push(`${c.method} ${c.label} (${who}): ${res.status}, expected 413`);
      if (res.status >= 400 && isJsonArea(new URL(c.path, "http://localhost").pathname.toLowerCase())) {
        let shaped = false;
        try {
          const parsed = JSON.parse(text) as { error?: { code?: unknown; message?: unknown; fields?: unknown } };
          const e = parsed.error;
          shaped =
            Object.keys(parsed).length === 1 &&
            typeof e?.code === "string" &&
            typeof e.message === "string" &&
            (e.fields === undefined || (typeof e.fields === "object" && e.fields !== null)) &&
            Object.keys(e).every((k) => ["code", "message", "fields"].includes(k));
        } catch {
          // Not JSON: reported below.
        }
        if (!shaped) failures.push(`${c.method} ${c.label} (${who}): ${res.status} is not the JSON error shape: ${text.slice(0, 120)}`);
      }
      const after = databaseDigest(t);
      if (res.status >= 400 && res.status < 500 && after !== digest)
        failures.push(`${c.method} ${c.label} (${who}): refused with ${res.status} but the database changed`);
      digest = after;
    }
  } finally {
    t.close();
  }
  return failures;
}

describe("hostile input never gets a 5xx, gets the JSON error shape on the API, and a refusal writes nothing", () => {
  const routes = registeredRoutes();

  test("the route list is read from the app", () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routes).toContainEqual({ method: "POST", path: "/paypal/order/:orderId/capture" });
    // The wishlist's API, its plain forms and the back-in-stock unsubscribe page.
    for (const route of [
      { method: "GET", path: "/api/wishlist" },
      { method: "POST", path: "/api/wishlist" },
      { method: "DELETE", path: "/api/wishlist/:productId" },
      { method: "POST", path: "/wishlist/items" },
      { method: "POST", path: "/wishlist/items/:productId/delete" },
      { method: "POST", path: "/wishlist/items/:productId/move" },
      { method: "GET", path: "/wishlist/unsubscribe" },
      { method: "POST", path: "/wishlist/unsubscribe" },
      // The reviews' API and their plain forms.
      { method: "GET", path: "/api/products/:id/reviews" },
      { method: "POST", path: "/api/products/:id/reviews" },
      { method: "PUT", path: "/api/reviews/:id" },
      { method: "DELETE", path: "/api/reviews/:id" },
      { method: "POST", path: "/api/reviews/:id/helpful" },
      { method: "POST", path: "/shop/product/:slug/review" },
      { method: "POST", path: "/shop/product/:slug/review/delete" },
      { method: "POST", path: "/shop/product/:slug/reviews/:id/helpful" },
    ])
      expect(routes).toContainEqual(route);
    // The case room (its parameters' patterns left out): the client's page, plain form, downloads
    // and JSON; both sides' uploads; the portal's.
    const bare = routes.map((r) => ({ method: r.method, path: r.path.replace(/\{(?:[^{}]|\{[^{}]*\})*\}/g, "") }));
    for (const route of [
      { method: "GET", path: "/cases/:ref" },
      { method: "POST", path: "/cases/:ref/messages" },
      { method: "GET", path: "/cases/:ref/files/:id" },
      { method: "GET", path: "/cases/:ref/files.zip" },
      { method: "GET", path: "/api/cases/:ref" },
      { method: "POST", path: "/api/cases/:ref/messages" },
      { method: "POST", path: "/api/cases/:ref/uploads" },
      { method: "PUT", path: "/api/cases/:ref/uploads/:id" },
      { method: "GET", path: "/api/cases/:ref/uploads/:id" },
      { method: "DELETE", path: "/api/cases/:ref/uploads/:id" },
      { method: "GET", path: "/api/admin/cases" },
      { method: "GET", path: "/api/admin/cases/:ref" },
      { method: "POST", path: "/api/admin/cases/:ref/updates" },
      { method: "POST", path: "/api/admin/cases/:ref/messages" },
      { method: "POST", path: "/api/admin/cases/:ref/gather" },
      { method: "GET", path: "/api/admin/cases/:ref/files/:id" },
      { method: "GET", path: "/api/admin/cases/:ref/downloads" },
      { method: "POST", path: "/api/admin/cases/:ref/uploads" },
      { method: "PUT", path: "/api/admin/cases/:ref/uploads/:id" },
      { method: "GET", path: "/api/admin/cases/:ref/uploads/:id" },
      { method: "DELETE", path: "/api/admin/cases/:ref/uploads/:id" },
    ])
      expect(bare).toContainEqual(route);
  });

  test("the database digest sees a change to any row", () => {
    const t = newApp();
    try {
      const before = databaseDigest(t);
      t.db.$client.query("UPDATE products SET name = name || ' ' WHERE rowid = (SELECT min(rowid) FROM products)").run();
      expect(databaseDigest(t)).not.toBe(before);
    } finally {
      t.close();
    }
  });

  for (const { method, path } of routes) {
    test(`${method} ${path}`, async () => {
      expect(await runRoute(method, path)).toEqual([]);
    });
  }
});

/** Every file under `dir` with its size, but the database's own (its WAL grows with any read) and the limits' (each request counts there). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !e.name.startsWith("pi-site.db") && !e.name.startsWith("limits.sqlite"))
    .map((e) => {
      const path = join(e.parentPath, e.name);
      return `${relative(dir, path)} ${statSync(path).size}`;
    })
    .sort();
}

/** Whether `text` is the JSON error shape, with `extra` keys allowed beside `error` (a 409's `state`). */
function isErrorShape(text: string, extra: string[] = []): boolean {
  try {
    const parsed = JSON.parse(text) as Record<string, unknown> & { error?: { code?: unknown; message?: unknown; fields?: unknown } };
    const e = parsed.error;
    return (
      Object.keys(parsed).every((k) => k === "error" || extra.includes(k)) &&
      typeof e?.code === "string" &&
      typeof e.message === "string" &&
      (e.fields === undefined || (typeof e.fields === "object" && e.fields !== null)) &&
      Object.keys(e).every((k) => ["code", "message", "fields"].includes(k))
    );
  } catch {
    return false;
  }
}

type UploadRow = { id: number; name: string; status: string; receivedBytes: number; storageName: string; sha256: string | null };

/**
 * A paid booking's room and both sides' upload routes: the client's (their session) and the
 * business's (an owner's token), with what the database and the disk hold of case files.
 */
function uploadBench() {
  const t = createTestApp();
  const client = customerWithBooking(t.db, "hostile-client@example.com", { paid: true, time: "free" });
  const owner = adminWithToken(t.db, "hostile-owner");
  const headers = { client: { Cookie: client.cookie, Origin: testOrigin }, business: { Authorization: owner.authorization, Origin: testOrigin } };
  const base = (side: CaseSide) => caseUploadsPath(side, client.reference);
  return {
    t,
    client,
    rows: () =>
      t.db.$client
        .query("SELECT id, name, status, received_bytes AS receivedBytes, storage_name AS storageName, sha256 FROM case_files ORDER BY id")
        .all() as UploadRow[],
    files: () => filesUnder(t.dataDir),
    start: (side: CaseSide, input: Record<string, unknown>) => t.send("POST", base(side), input, headers[side]),
    chunk: (side: CaseSide, id: number, offset: number | string, body: BodyInit, extra: Record<string, string> = {}) =>
      t.request(`${base(side)}/${id}?offset=${offset}`, { method: "PUT", headers: { ...headers[side], ...extra }, body }),
    state: (side: CaseSide, id: number) => t.request(`${base(side)}/${id}`, { headers: headers[side] }),
    abandon: (side: CaseSide, id: number) => t.request(`${base(side)}/${id}`, { method: "DELETE", headers: headers[side] }),
    /** Downloads the file with `range`, following the one redirect to the path's lowercase spelling. */
    download: async (side: CaseSide, id: number, range: string) => {
      const init = { headers: { ...headers[side], Range: range } };
      const res = await t.request(side === "client" ? caseFilePath(client.reference, id) : adminCaseFilePath(client.reference, id), init);
      const location = res.headers.get("location");
      return res.status === 301 && location ? await t.request(location, init) : res;
    },
  };
}

/** A body of `bytes` sent as a stream, so no Content-Length announces how long it is. */
const streamed = (bytes: Uint8Array) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });

describe("a case file with a hostile name, type, body or checksum is refused in the JSON error shape and leaves nothing behind", () => {
  const pdf = pdfBytes("Hostile test report");

  for (const side of caseSides) {
    test(`names with ../, NUL, control and direction marks, and 5,000 characters (${side})`, async () => {
      const b = uploadBench();
      try {
        const names = [
          "../../etc/passwd.pdf",
          "..\\..\\windows\\system32\\report.pdf",
          "/etc/cron.d/report.pdf",
          "report\u0000.sh.pdf",
          "\u0000",
          "..",
          "\u202Efdp.exe\u202C.pdf",
          "line\r\nContent-Type: text/html\r\n\r\n<script>.pdf",
          `${"a".repeat(4996)}.pdf`,
          `${"../".repeat(1666)}x.pdf`,
        ];
        for (const name of names) {
          const filesBefore = b.files();
          const res = await b.start(side, { name, size: pdf.length, type: "application/pdf" });
          const text = await res.text();
          expect(res.status, JSON.stringify(name)).toBeLessThan(500);
          if (res.status >= 400) {
            // Refused: said in the JSON error shape, with no row and no file.
            expect(isErrorShape(text), text).toBe(true);
            expect(b.rows()).toEqual([]);
            expect(b.files()).toEqual(filesBefore);
            continue;
          }
          // Taken: under a safe name, and its bytes only ever in the case files' folder under a name of the site's own.
          expect(res.status).toBe(201);
          const { id } = JSON.parse(text) as { id: number };
          const row = b.rows().find((r) => r.id === id)!;
          expect(row.name, JSON.stringify(name)).not.toMatch(/[/\\\p{Cc}\p{Cf}]/u);
          expect(row.name).not.toMatch(/^\.*$/);
          expect(row.name.length).toBeGreaterThan(0);
          expect(row.name.length).toBeLessThanOrEqual(maxCaseFileNameLength);
          expect(row.storageName).toMatch(/^[0-9a-f]{16,}$/);
          expect((await b.chunk(side, id, 0, pdf, { "X-Chunk-Sha256": sha256Hex(pdf) })).status).toBe(200);
          const added = b.files().filter((f) => !filesBefore.includes(f));
          expect(added.map((f) => f.split(" ")[0])).toEqual([join("case-files", row.storageName)]);
          expect(existsSync(join(b.t.dataDir, "etc"))).toBe(false);
          expect(existsSync(join(b.t.dataDir, "..", "etc", "cron.d", "report.pdf"))).toBe(false);
          b.t.db.$client.query("DELETE FROM case_files").run();
          rmSync(join(b.t.dataDir, "case-files"), { recursive: true, force: true });
        }
      } finally {
        await b.t.close();
      }
    });

    test(`a wrong type: announced a PDF, the bytes of an executable; and types this side may not add (${side})`, async () => {
      const b = uploadBench();
      try {
        const filesBefore = b.files();
        const exe = executableBytes();
        const started = await b.start(side, { name: "report.pdf", size: exe.length, type: "application/pdf" });
        expect(started.status).toBe(201);
        const { id } = (await started.json()) as { id: number };
        const res = await b.chunk(side, id, 0, exe, { "X-Chunk-Sha256": sha256Hex(exe) });
        const text = await res.text();
        expect(res.status).toBe(400);
        expect(isErrorShape(text), text).toBe(true);
        expect(JSON.parse(text).error.message).toBe(side === "client" ? caseRoomMessages.fileTypeClient : caseRoomMessages.fileTypeBusiness);
        // The upload is gone with its bytes: no row, no file, and nothing to resume.
        expect(b.rows()).toEqual([]);
        expect(b.files()).toEqual(filesBefore);
        expect((await b.state(side, id)).status).toBe(404);

        // Announced as what it is, or as a type only the other side adds: refused before any row.
        const announced = [
          { name: "setup.exe", type: "application/x-msdownload" },
          { name: "report.pdf", type: "application/x-msdownload" },
          { name: "page.html", type: "text/html" },
          { name: "image.svg", type: "image/svg+xml" },
          ...(side === "client" ? [{ name: "footage.mp4", type: "video/mp4" }] : []),
        ];
        for (const input of announced) {
          const refused = await b.start(side, { ...input, size: exe.length });
          const body = await refused.text();
          expect(refused.status, input.name).toBe(400);
          expect(isErrorShape(body), body).toBe(true);
          expect(b.rows()).toEqual([]);
          expect(b.files()).toEqual(filesBefore);
        }
      } finally {
        await b.t.close();
      }
    });

    test(`a body larger than announced, larger than a chunk, or shorter, changes nothing (${side})`, async () => {
      const b = uploadBench();
      try {
        const filesBefore = b.files();
        const small = pdf.subarray(0, 100);
        const started = await b.start(side, { name: "report.pdf", size: small.length, type: "application/pdf" });
        expect(started.status).toBe(201);
        const { id } = (await started.json()) as { id: number };
        const waiting = { rows: b.rows(), files: b.files() };
        const twice = Buffer.concat([pdf.subarray(0, 100), pdf.subarray(0, 100)]);
        for (const [label, body, status] of [
          ["declared longer", twice, 413],
          ["streamed longer", streamed(twice), 413],
          ["shorter", pdf.subarray(0, 50), 400],
          ["streamed shorter", streamed(pdf.subarray(0, 50)), 400],
        ] as const) {
          const digest = (label.startsWith("streamed") ? twice : body) as Uint8Array;
          const res = await b.chunk(side, id, 0, body, { "X-Chunk-Sha256": sha256Hex(digest) });
          const text = await res.text();
          expect(res.status, label).toBe(status);
          expect(isErrorShape(text), text).toBe(true);
          expect(b.rows(), label).toEqual(waiting.rows);
          expect(b.files(), label).toEqual(waiting.files);
        }
        // Abandoned, nothing of it remains.
        expect((await b.abandon(side, id)).status).toBe(204);
        expect(b.rows()).toEqual([]);
        expect(b.files()).toEqual(filesBefore);

        // One byte more than a chunk, for a file of more than a chunk.
        const large = await b.start(side, { name: "large.pdf", size: caseUploadChunkBytes + 10, type: "application/pdf" });
        const { id: largeId } = (await large.json()) as { id: number };
        const tooLong = new Uint8Array(caseUploadChunkBytes + 1);
        tooLong.set(pdf.subarray(0, 64));
        const res = await b.chunk(side, largeId, 0, tooLong, { "X-Chunk-Sha256": sha256Hex(tooLong) });
        const text = await res.text();
        expect(res.status).toBe(413);
        expect(isErrorShape(text), text).toBe(true);
        expect((await b.abandon(side, largeId)).status).toBe(204);
        expect(b.rows()).toEqual([]);
        expect(b.files()).toEqual(filesBefore);
      } finally {
        await b.t.close();
      }
    });

    test(`a chunk with a wrong, missing or malformed checksum, or at the wrong offset, changes nothing (${side})`, async () => {
      const b = uploadBench();
      try {
        const started = await b.start(side, { name: "report.pdf", size: pdf.length, type: "application/pdf" });
        const { id } = (await started.json()) as { id: number };
        const waiting = { rows: b.rows(), files: b.files() };
        const changed = Uint8Array.from(pdf);
        changed[0] = 0x25 ^ 1;
        for (const [label, headers] of [
          ["the checksum of other bytes", { "X-Chunk-Sha256": sha256Hex(changed) }],
          ["no checksum", {}],
          ["a checksum that is not one", { "X-Chunk-Sha256": "../../etc/passwd" }],
          ["a checksum too short", { "X-Chunk-Sha256": sha256Hex(pdf).slice(0, 63) }],
        ] as const) {
          const res = await b.chunk(side, id, 0, pdf, headers);
          const text = await res.text();
          expect(res.status, label).toBe(400);
          expect(isErrorShape(text), text).toBe(true);
          expect(b.rows(), label).toEqual(waiting.rows);
          expect(b.files(), label).toEqual(waiting.files);
        }
        for (const offset of ["10", "-1", "1e3", "%00", "99999999999999999999"]) {
          const res = await b.chunk(side, id, offset, pdf, { "X-Chunk-Sha256": sha256Hex(pdf) });
          expect(res.status).toBeLessThan(500);
          expect(b.rows(), offset).toEqual(waiting.rows);
          expect(b.files(), offset).toEqual(waiting.files);
        }
        const wrongPlace = await b.chunk(side, id, 10, pdf.subarray(10), { "X-Chunk-Sha256": sha256Hex(pdf.subarray(10)) });
        const text = await wrongPlace.text();
        expect(wrongPlace.status).toBe(409);
        expect(isErrorShape(text, ["state"]), text).toBe(true);
        expect(JSON.parse(text).state).toMatchObject({ id, receivedBytes: 0, status: "uploading" });
        expect(b.rows()).toEqual(waiting.rows);
        // The right chunk still makes the whole file, its SHA-256 the original's.
        const done = await b.chunk(side, id, 0, pdf, { "X-Chunk-Sha256": sha256Hex(pdf) });
        expect(done.status).toBe(200);
        expect(b.rows()[0]).toMatchObject({ status: "ready", sha256: sha256Hex(pdf) });
      } finally {
        await b.t.close();
      }
    });

    test(`a download with hostile Range headers never fails the server (${side})`, async () => {
      const b = uploadBench();
      try {
        const started = await b.start(side, { name: "report.pdf", size: pdf.length, type: "application/pdf" });
        const { id } = (await started.json()) as { id: number };
        expect((await b.chunk(side, id, 0, pdf, { "X-Chunk-Sha256": sha256Hex(pdf) })).status).toBe(200);
        for (const range of [
          "bytes=0-9",
          `bytes=${pdf.length - 10}-`,
          "bytes=-10",
          "bytes=999999999-",
          "bytes=10-5",
          "bytes=-0",
          "bytes=0-0,5-6",
          "bytes=abc",
          "bytes=99999999999999999999-",
          "bytes=-99999999999999999999",
          "items=0-9",
          "bytes=0-9\r\nX-Injected: 1",
          "",
        ]) {
          let res: Response;
          try {
            res = await b.download(side, id, range);
          } catch {
            // A header value the request itself refuses (a line break): nothing reached the server.
            continue;
          }
          const bytes = new Uint8Array(await res.arrayBuffer());
          expect([200, 206, 416], `${range}: ${res.status} ${res.headers.get("location")} ${new TextDecoder().decode(bytes).slice(0, 200)}`).toContain(
            res.status,
          );
          expect(res.headers.get("x-injected"), range).toBeNull();
          if (res.status === 200) expect(sha256Hex(bytes), range).toBe(sha256Hex(pdf));
          if (res.status === 206) {
            const [, from, to] = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(res.headers.get("content-range") ?? "") ?? [];
            expect(sha256Hex(bytes), range).toBe(sha256Hex(pdf.subarray(Number(from), Number(to) + 1)));
          }
          if (res.status === 416 && side === "business")
            expect(isErrorShape(new TextDecoder().decode(bytes)), `${range}: ${new TextDecoder().decode(bytes)} ${JSON.stringify([...res.headers])}`).toBe(
              true,
            );
        }
      } finally {
        await b.t.close();
      }
    });
  }
});

/** What visitors type to make a message say more than they wrote (issue 33, finding 4). */
const visitorTricks = {
  headers: "Eve\r\nBcc: victim@evil.com\r\nX-Inj: 1",
  paragraph: "Our office\r\n\r\nIMPORTANT: your payment did not go through... pay again at:\r\nhttps://evil.example/pay",
  bidi: "Sam \u202Egnp.exe\u202C Lee",
  zeroWidth: "Al\u200Bex\u200D Doe\uFEFF",
};

type QueuedMail = { to: string; subject: string; text: string };
const queuedMail = (t: TestApp) => t.db.$client.query('SELECT "to", subject, text FROM outbox ORDER BY id').all() as QueuedMail[];

/**
 * The lines of a queued message that a visitor wrote as if they were the message's own: a header,
 * the fake notice or its link on a line of their own, or any invisible or direction character.
 */
function injectedLines(mail: QueuedMail): string[] {
  const found = mail.text.split("\n").filter((line) => /^\s*(Bcc:|X-Inj:|IMPORTANT|https:\/\/evil)/.test(line));
  if (/[\r\n]/.test(mail.subject)) found.push(`subject: ${mail.subject}`);
  for (const m of `${mail.subject}\n${mail.text}`.matchAll(/\p{Cf}/gu)) found.push(`U+${m[0].codePointAt(0)?.toString(16)}`);
  return found;
}

describe("what a visitor typed stays on its own line in every message that quotes it", () => {
  test("the contact form: name, phone and message in the business's notice", async () => {
    const t = createTestApp({ BUSINESS_EMAIL: "owner@example.com" });
    try {
      const enquiry = { email: "eve@example.net", service: "checkup", urgency: "emergency" };
      const tricks = [
        { ...enquiry, name: visitorTricks.headers, phone: "0400 000 000", message: visitorTricks.paragraph },
        { ...enquiry, name: visitorTricks.bidi, phone: visitorTricks.zeroWidth, message: `${visitorTricks.headers}\n${visitorTricks.zeroWidth}` },
      ];
      for (const body of tricks) expect((await t.json("/api/contacts", body)).status).toBe(201);
      const mails = queuedMail(t);
      expect(mails.length).toBe(2);
      for (const mail of mails) expect({ subject: mail.subject, injected: injectedLines(mail) }).toEqual({ subject: mail.subject, injected: [] });
      // The name is on the notice's own line; the message keeps its lines, each quoted.
      expect(mails[0]?.text).toContain("Name: Eve Bcc: victim@evil.com X-Inj: 1\n");
      expect(mails[0]?.text).toContain(
        "Message:\n> Our office\n>\n> IMPORTANT: your payment did not go through... pay again at:\n> https://evil.example/pay\n",
      );
      expect(mails[1]?.text).toContain("Name: Sam gnp.exe Lee\n");
      expect(mails[1]?.text).toContain("Phone: Alex Doe\n");
    } finally {
      await t.close();
    }
  });

  test("checkout: the shipping address and notes in the order's e-mails", async () => {
    const t = createTestApp({ BUSINESS_EMAIL: "owner@example.com" });
    paymentDetails(t.db);
    try {
      const eve = customerWithSession(t.db, "eve@example.net");
      cartLine(t.db, eve.userId, "covert-dash-cam-4k");
      const shippingAddress = { ...testAddress, name: visitorTricks.headers, line1: visitorTricks.paragraph, line2: visitorTricks.bidi };
      const res = await t.json(
        "/api/orders",
        { shippingAddress, paymentMethod: "bank_transfer", notes: `${visitorTricks.paragraph} ${visitorTricks.zeroWidth}` },
        { headers: { Cookie: eve.cookie, Origin: testOrigin } },
      );
      expect(res.status).toBe(201);
      const mails = queuedMail(t);
      expect(mails.map((m) => m.to).sort()).toEqual(["eve@example.net", "owner@example.com"]);
      for (const mail of mails) expect({ to: mail.to, injected: injectedLines(mail) }).toEqual({ to: mail.to, injected: [] });
      expect(mails.find((m) => m.to === "owner@example.com")?.text).toContain("  Eve Bcc: victim@evil.com X-Inj: 1\n");
    } finally {
      await t.close();
    }
  });

  test("the daily digest: an enquirer's name in the to-do list", async () => {
    const t = createTestApp({ BUSINESS_EMAIL: "owner@example.com" });
    try {
      for (const name of [visitorTricks.headers, visitorTricks.paragraph, visitorTricks.bidi, visitorTricks.zeroWidth])
        expect((await t.json("/api/contacts", { name, email: "eve@example.net", service: "checkup", message: "Call me.", urgency: "low" })).status).toBe(201);
      t.db.$client.query("DELETE FROM outbox").run();
      businessDetails(t.db, { dailyDigest: true, dailyDigestHour: 0 });
      // 00:30 in Adelaide: the digest goes out at its hour, not hours after it (decision 072).
      expect(sendDailyDigestIfDue(t.deps, new Date("2026-11-25T14:00:00Z"))).toBe("queued");
      const [digest] = queuedMail(t);
      expect(digest?.text).toContain("Eve Bcc: victim@evil.com X-Inj: 1");
      expect(injectedLines(digest!)).toEqual([]);
    } finally {
      await t.close();
    }
  });

  test("a review's rejection: the customer's first name in the e-mail", async () => {
    const t = createTestApp();
    try {
      customerWithSession(t.db, "eve@example.net", { firstName: visitorTricks.headers });
      const { ownReviewId } = reviewedProduct(t.db, "eve@example.net", "covert-dash-cam-4k");
      const owner = adminWithToken(t.db, "owner");
      const res = await t.json(
        `/api/admin/reviews/${ownReviewId}/reject`,
        { reason: "It names a person." },
        { headers: { Authorization: owner.authorization, Origin: testOrigin } },
      );
      expect(res.status).toBe(200);
      const mail = queuedMail(t).find((m) => m.to === "eve@example.net");
      expect(mail?.text).toContain("Hello Eve Bcc: victim@evil.com X-Inj: 1,");
      expect(injectedLines(mail!)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
