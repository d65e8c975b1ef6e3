/**
 * The binary is killed with SIGKILL at a random moment while many clients book, 50 times. After
 * every restart the database is intact, every slot's counter equals its active bookings, and every
 * booking a client saw answered 201 is there.
 */
import { expect, test } from "@playwright/test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { dbHelper, startBinary, stopBinary } from "./binary-cli";

const cycles = 50;
const clients = 12;

type Check = { integrity: string; counterMismatches: unknown[]; missing: string[]; bookings: number };

let dataDir: string;
test.beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), "pi-site-crash-"));
});
test.afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

test(`bookings survive ${cycles} kill -9 restarts under load`, async () => {
  // 50 cycles under load on a busy two-core machine can pass two minutes.
  test.setTimeout(180_000);
  // First start migrates and seeds; the fixture then adds customers, sessions and slots directly.
  await stopBinary(await startBinary(dataDir));
  const { cookies, slots } = dbHelper<{ cookies: string[]; slots: { date: string; time: string }[] }>(["prepare", dataDir, "240"]);
  const acknowledged: string[] = [];
  let requests = 0;
  let port: number | undefined;

  for (let cycle = 0; cycle < cycles; cycle++) {
    // One worker: what is tested is the database under kill -9, and starting the other workers 50
    // times would double the run. tests/ops/workers-processes.test.ts kills worker 1 of two.
    const site = await startBinary(dataDir, port, { WORKERS: "1" });
    port = site.port;
    let running = true;
    const client = async (n: number) => {
      for (let i = 0; running; i++) {
        const slot = slots[Math.floor(Math.random() * slots.length)]!;
        const cookie = cookies[(cycle * clients + n + i * 7) % cookies.length]!;
        try {
          requests++;
          const res = await fetch(`${site.url}/api/bookings/calendar`, {
            method: "POST",
            headers: { "Content-Type": "application/json", Cookie: cookie, Origin: site.url },
            body: JSON.stringify({
              serviceName: "Discreet Check Up",
              servicePrice: 75,
              appointmentDate: slot.date,
              appointmentTime: slot.time,
              duration: 60,
              contactPhone: "0400 000 000",
              contactEmail: `c${cycle}-${n}-${i}@example.com`,
              notes: "Load test",
              // A customer here books many times a day on purpose (the duplicate question answered).
              confirmDuplicate: true,
            }),
          });
          if (res.status === 201) acknowledged.push(((await res.json()) as { id: string }).id);
          else await res.body?.cancel();
        } catch {
          return; // the server is gone
        }
      }
    };
    const load = Array.from({ length: clients }, (_, n) => client(n));
    await new Promise((r) => setTimeout(r, 80 + Math.random() * 320));
    await stopBinary(site, "SIGKILL");
    running = false;
    await Promise.all(load);

    const check = dbHelper<Check>(["check", dataDir], acknowledged.join("\n"));
    expect(check.integrity, `cycle ${cycle}`).toBe("ok");
    expect(check.counterMismatches, `cycle ${cycle}`).toEqual([]);
    expect(check.missing, `cycle ${cycle}`).toEqual([]);
  }
  // The load really booked: far more than one booking per cycle was acknowledged and kept.
  expect(acknowledged.length).toBeGreaterThan(cycles * 2);
  console.log(`${cycles} cycles, ${requests} requests, ${acknowledged.length} bookings acknowledged`);
});
