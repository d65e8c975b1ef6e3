/**
 * The restore drill of docs/deploy.md, end to end against the built binary: the site's own
 * scheduled backup job writes a backup while it serves; the site is stopped; `pi-site restore`
 * puts that backup into a new, empty data folder (another machine, say); the site started there
 * has the order, the admin's sign-in and the uploaded image, and not what came after the backup.
 */
import { afterAll, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { databaseFile, openDatabase } from "../../src/db/client.server";
import { storeUpload } from "../../src/db/uploads.server";
import { bootstrap } from "../../src/server/bootstrap.server";
import { readEnv } from "../../src/server/env.server";
import { setLogLevel } from "../../src/server/log.server";
import { adminWithToken, paidOrder } from "../factories";
import { pngBytes } from "../helpers/images";
import { collectText, freePort } from "./process-helpers";

const binary = join(import.meta.dir, "../../dist/pi-site");
const work = mkdtempSync(join(tmpdir(), "pi-site-restore-drill-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

type Site = { url: string; stop: () => Promise<number>; logs: () => string };

async function startSite(dataDir: string): Promise<Site> {
  const port = await freePort();
  const proc = Bun.spawn([binary, "serve"], {
    cwd: dataDir,
    env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "info" },
    stdout: "pipe",
    stderr: "pipe",
  });
  let logs = "";
  for (const stream of [proc.stdout, proc.stderr])
    collectText(stream, (text) => {
      logs += text;
    });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (proc.exitCode !== null || Date.now() > deadline) throw new Error(`the site did not start:\n${logs}`);
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await Bun.sleep(50);
  }
  return {
    url,
    logs: () => logs,
    stop: async () => {
      proc.kill("SIGTERM");
      return await proc.exited;
    },
  };
}

async function cli(dataDir: string, args: string[]) {
  const proc = Bun.spawn([binary, ...args], {
    env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir, PORT: String(await freePort()), LOG_LEVEL: "warn" },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { code, stdout, stderr };
}

test("the job's backup restores into a new data folder with its orders, admins and uploads", async () => {
  if (!existsSync(binary)) throw new Error("dist/pi-site is missing: run `bun scripts/build.ts` first (npm test does)");
  const first = join(work, "first");
  const second = join(work, "second");

  // The first site's data: seeded as a first start does, then an order, an admin and an image.
  setLogLevel("silent");
  const db = openDatabase(databaseFile(first));
  bootstrap(readEnv({ DATA_DIR: first, LOG_LEVEL: "silent" }), db);
  const order = paidOrder(db, "drill@example.com");
  const admin = adminWithToken(db, "drill-owner");
  const image = pngBytes(8, 6, [200, 30, 90]);
  const upload = storeUpload(db, first, image);
  if (!upload.ok) throw new Error("the image was not stored");
  db.$client.close();

  // The site starts; its backup job finds no backup yet and takes one.
  const site = await startSite(first);
  const deadline = Date.now() + 15_000;
  while (!site.logs().includes('"msg":"backup done"') && Date.now() < deadline) await Bun.sleep(100);
  expect(site.logs()).toContain('"msg":"backup done"');
  const backups = readdirSync(join(first, "backups")).filter((f) => f.endsWith(".db"));
  expect(backups).toHaveLength(1);
  const backup = join(first, "backups", backups[0] ?? "");

  // Something after the backup: it must not come back with the restore.
  const late = await fetch(`${site.url}/api/contacts`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: site.url },
    body: JSON.stringify({
      name: "After The Backup",
      email: "late@example.com",
      phone: "",
      service: "checkup",
      message: "Written after the backup.",
      urgency: "normal",
    }),
  });
  expect(late.status).toBe(201);
  expect(await site.stop()).toBe(0);

  const restored = await cli(second, ["restore", backup]);
  expect(restored.stderr).toBe("");
  expect(restored.code).toBe(0);
  expect(restored.stdout).toContain(`restored ${backup}`);

  const again = await startSite(second);
  try {
    const detail = await fetch(`${again.url}/api/admin/orders/${order.orderNumber}`, { headers: { Authorization: admin.authorization } });
    expect(detail.status).toBe(200);
    const body = (await detail.json()) as Record<string, unknown>;
    expect(JSON.stringify(body)).toContain(order.orderNumber);
    expect(JSON.stringify(body)).toContain("drill@example.com");

    const picture = await fetch(`${again.url}${upload.url}`);
    expect(picture.status).toBe(200);
    expect(new Uint8Array(await picture.arrayBuffer())).toEqual(image);

    const enquiries = await fetch(`${again.url}/api/admin/contacts`, { headers: { Authorization: admin.authorization } });
    expect(enquiries.status).toBe(200);
    expect(await enquiries.text()).not.toContain("After The Backup");
  } finally {
    expect(await again.stop()).toBe(0);
  }
  expect(again.logs()).not.toContain('"level":"error"');
}, 60_000);
