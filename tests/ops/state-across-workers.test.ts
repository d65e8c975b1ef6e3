/**
 * What a request leaves for the next one, when the next one reaches another worker process
 * (decision 093): two instances of the binary on one data directory, on two ports, so each request
 * goes to the worker the test chose. A chunk one worker is receiving is refused (409) by the other
 * rather than written twice; a PayPal capture one worker is sending keeps the order expiry, run by
 * the worker with the job lease, off its order until the capture's answer is recorded.
 */
import { Database } from "bun:sqlite";
import { afterAll, expect, test } from "bun:test";
import { createHash, randomBytes } from "node:crypto";
import { join } from "node:path";
import { openDatabase } from "../../src/db/client.server";
import { type CaseUploadState, caseUploadChunkBytes, caseUploadsPath } from "../../src/shared/case-room";
import { cartLine, customerWithBooking, customerWithSession } from "../factories";
import { startPayPalStandIn, standInEnv } from "../helpers/paypal-stand-in";
import { testAddress } from "../helpers/shop";
import { dataDir, freePort, killLeftovers, logLines, startInstance, stopInstance, waitFor } from "./lib";

const standIn = startPayPalStandIn();
afterAll(async () => {
  await killLeftovers();
  await standIn.close();
});

const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");

/** A data directory the binary has set up; `prepare` adds rows with the site stopped. */
async function preparedSite<T>(name: string, prepare: (db: ReturnType<typeof openDatabase>) => T) {
  const dir = dataDir(name);
  await stopInstance(await startInstance(dir, freePort()));
  const db = openDatabase(join(dir, "pi-site.db"));
  try {
    return { dir, ...prepare(db) };
  } finally {
    db.$client.close();
  }
}

/** A worker that only serves, as worker 1 starts its copies: no job lease, no jobs (decision 089). */
const servingOnly = { PI_SITE_WORKER: "2", PI_SITE_SUPERVISOR: String(process.pid) };

test("a chunk one worker is receiving is refused by the other (409), and the file comes out whole", async () => {
  const { dir, cookie, reference } = await preparedSite("chunk-claim", (db) => customerWithBooking(db, "ann@example.com"));
  const one = await startInstance(dir, freePort());
  const two = await startInstance(dir, freePort(), servingOnly);
  const bytes = Buffer.concat([Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n"), randomBytes(caseUploadChunkBytes + 1000 - 15)]);
  const path = caseUploadsPath("client", reference);
  const headers = (base: string) => ({ Origin: base, Cookie: cookie });
  const started = await fetch(`${one.base}${path}`, {
    method: "POST",
    headers: { ...headers(one.base), "Content-Type": "application/json" },
    body: JSON.stringify({ name: "report.pdf", size: bytes.length, type: "application/pdf" }),
  });
  expect(started.status).toBe(201);
  const { id } = (await started.json()) as CaseUploadState;
  const chunk = bytes.subarray(0, caseUploadChunkBytes);
  const put = (base: string, offset: number, body: BodyInit, sum: string) =>
    fetch(`${base}${path}/${id}?offset=${offset}`, {
      method: "PUT",
      headers: { ...headers(base), "Content-Type": "application/octet-stream", "X-Chunk-Sha256": sum },
      body,
      duplex: "half",
    } as RequestInit);

  // Worker one receives the first chunk slowly: part of it, then (once the other has answered) the rest.
  let sendRest!: () => void;
  const restSent = new Promise<void>((resolve) => {
    sendRest = resolve;
  });
  const slow = put(
    one.base,
    0,
    new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new Uint8Array(chunk.subarray(0, 256 * 1024)));
        await restSent;
        controller.enqueue(new Uint8Array(chunk.subarray(256 * 1024)));
        controller.close();
      },
    }),
    sha(chunk),
  );
  // Once worker one has the chunk in hand, the same chunk to worker two waits its turn.
  const look = new Database(join(dir, "pi-site.db"), { readonly: true });
  try {
    const claimed = () => (look.query("SELECT chunk_claimed_until AS c FROM case_files WHERE id = ?").get(id) as { c: number | null } | null)?.c != null;
    await waitFor("worker one to claim the chunk", claimed);
  } finally {
    look.close();
  }
  const meanwhile = await put(two.base, 0, new Uint8Array(chunk), sha(chunk));
  sendRest();
  const first = await slow;
  expect(meanwhile.status).toBe(409);
  expect(((await meanwhile.json()) as { state: CaseUploadState }).state.receivedBytes).toBe(0);
  expect(first.status).toBe(200);

  // The rest through worker two (which holds no running hash of this upload): the file is whole.
  const rest = bytes.subarray(caseUploadChunkBytes);
  const last = await put(two.base, caseUploadChunkBytes, new Uint8Array(rest), sha(rest));
  expect(last.status).toBe(200);
  expect(((await last.json()) as CaseUploadState).status).toBe("ready");
  const db = new Database(join(dir, "pi-site.db"), { readonly: true });
  try {
    expect(db.query("SELECT sha256 FROM case_files WHERE id = ?").get(id)).toEqual({ sha256: sha(bytes) });
  } finally {
    db.close();
  }
  expect(await stopInstance(two)).toBe(0);
  expect(await stopInstance(one)).toBe(0);
}, 60_000);

test("a PayPal capture one worker is sending keeps the order expiry, run by the other, off its order", async () => {
  const product = "covert-dash-cam-4k";
  const { dir, cookie } = await preparedSite("capture-mark", (db) => {
    db.$client.query("UPDATE products SET stock_quantity = 100, is_active = 1 WHERE slug = ?").run(product);
    const c = customerWithSession(db, "payer@example.com");
    cartLine(db, c.userId, product);
    return { cookie: c.cookie };
  });
  const env = standInEnv(standIn);
  // Worker one holds the job lease (it runs the order expiry); worker two only serves.
  const one = await startInstance(dir, freePort(), env);
  const two = await startInstance(dir, freePort(), { ...env, ...servingOnly });
  const post = (base: string, path: string, body?: unknown) =>
    fetch(`${base}${path}`, {
      method: "POST",
      headers: { Origin: base, Cookie: cookie, ...(body ? { "Content-Type": "application/json" } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  const placed = await post(two.base, "/api/orders", { shippingAddress: testAddress, paymentMethod: "paypal" });
  expect(placed.status).toBe(201);
  const { orderNumber } = (await placed.json()) as { orderNumber: string };
  const created = await post(two.base, "/paypal/order", { orderNumber });
  expect(created.status).toBe(201);
  const paypalId = ((await created.json()) as { id: string }).id;

  // The customer's capture goes to worker two; PayPal takes its time over it (nothing captured yet).
  // (Each of its three tries takes 8 s: time enough for a fresh worker one to start, even on a busy machine.)
  Object.assign(standIn.behaviour, { capture: "lost", delayMs: 8_000 });
  // (What the customer is told is slow-answers.test.ts's concern: here only the mark matters.)
  const capturing = post(two.base, `/paypal/order/${paypalId}/capture`).catch(() => null);
  await waitFor("the capture to reach PayPal", () => standIn.requestsTo(/\/capture$/).length > 0);
  // Meanwhile the order's hold runs out, and the job lease's holder looks at expired orders: it
  // runs every job the moment it takes the lease, so a fresh worker one is started in its place.
  const db = new Database(join(dir, "pi-site.db"));
  try {
    db.query("UPDATE orders SET hold_expires_at = ? WHERE order_number = ?").run(Date.now() - 60_000, orderNumber);
    expect(await stopInstance(one)).toBe(0);
    const again = await startInstance(dir, one.port, env);
    await waitFor("the order expiry to run", () => logLines(again, "order expiry done").length > 0, 30_000);
    expect(logLines(again, "order expiry done")[0]).toMatchObject({ cancelled: 0, deferred: 1 });
    expect(db.query("SELECT status FROM orders WHERE order_number = ?").get(orderNumber)).toEqual({ status: "pending" });
    // PayPal's answer never comes: once the capture is over (nothing taken), its mark is gone with it.
    await capturing;
    const mark = () =>
      (
        db.query("SELECT p.capture_started_at AS mark FROM payments p JOIN orders o ON o.id = p.shop_order_id WHERE o.order_number = ?").get(orderNumber) as {
          mark: number | null;
        }
      ).mark;
    await waitFor("the capture to end", () => mark() === null, 60_000);
    expect(await stopInstance(again)).toBe(0);
  } finally {
    db.close();
    Object.assign(standIn.behaviour, { capture: "ok", delayMs: 0 });
  }
  expect(await stopInstance(two)).toBe(0);
}, 120_000);
