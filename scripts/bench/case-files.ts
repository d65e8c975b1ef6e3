/**
 * A case file through the binary on loopback (decision 080): the owner uploads a 1 GB file in
 * chunks (`PUT /api/admin/cases/{ref}/uploads/{id}`, each with its SHA-256), then downloads it
 * (`GET /api/admin/cases/{ref}/files/{id}`); each way is timed, and the server's resident memory
 * (VmRSS, read from /proc every 20 ms) is watched for growth over what it was just before.
 * Targets: at least 200 MB/s each way, under 32 MiB of growth.
 *
 * 1. The binary starts once on a temporary data dir (migrations and seed), then stops.
 * 2. A customer with a booking, and an owner with a bearer token, are written straight into the
 *    database (as the e2e fixtures do); the binary starts again on it.
 * 3. The upload: one 4 MiB buffer of random bytes (the first chunk starts as a PDF) sent again and
 *    again, so the client spends its time sending, not making bytes. The download is read to the
 *    end and counted; the file's SHA-256 the server kept is checked against the one sent.
 *
 * Env: BENCH_CASE_FILE_MB (size in MiB, default 1024). About 30 s.
 *
 * Run alone: bun scripts/bench/case-files.ts
 */
import { createHash, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { openDatabase } from "../../src/db/client.server";
import { type CaseUploadState, caseUploadChunkBytes } from "../../src/shared/case-room";
import { adminWithToken, customerWithBooking } from "../../tests/factories";
import {
  BenchError,
  type Child,
  type Check,
  envNumber,
  fmtMiB,
  log,
  type PartResult,
  removeDir,
  runStandalone,
  seededDataDir,
  startBinary,
  stopChild,
  table,
  waitForOk,
} from "./lib";

const MBPS_TARGET = 200;
const GROWTH_TARGET_BYTES = 32 * 1024 * 1024;

export type CaseFilesBenchData = {
  bytes: number;
  upload: { seconds: number; mbPerSecond: number; rssBefore: number; rssPeak: number; growth: number };
  download: { seconds: number; mbPerSecond: number; rssBefore: number; rssPeak: number; growth: number };
  hwm: number;
};

/** VmRSS and VmHWM of `pid`, in bytes. */
function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN) * 1024;
  return { rss: kb("VmRSS"), hwm: kb("VmHWM") };
}

/** Watches the server's VmRSS while `work` runs: answers the largest seen, with the time taken. */
async function watched<T>(pid: number, work: () => Promise<T>): Promise<{ value: T; seconds: number; rssBefore: number; rssPeak: number }> {
  Bun.gc(true);
  await Bun.sleep(300);
  const rssBefore = memoryOf(pid).rss;
  let rssPeak = rssBefore;
  const timer = setInterval(() => {
    rssPeak = Math.max(rssPeak, memoryOf(pid).rss);
  }, 20);
  const started = performance.now();
  try {
    const value = await work();
    const seconds = (performance.now() - started) / 1000;
    rssPeak = Math.max(rssPeak, memoryOf(pid).rss);
    return { value, seconds, rssBefore, rssPeak };
  } finally {
    clearInterval(timer);
  }
}

async function json<T>(res: Response, what: string): Promise<T> {
  if (!res.ok) throw new BenchError(`${what} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

export async function runCaseFilesBench(): Promise<PartResult<CaseFilesBenchData>> {
  const started = performance.now();
  const size = envNumber("BENCH_CASE_FILE_MB", 1024) * 1024 * 1024;
  const { dataDir, port, base } = await seededDataDir("case-files");
  let child: Child | null = null;
  try {
    const db = openDatabase(join(dataDir, "pi-site.db"));
    const { authorization } = adminWithToken(db, "bench-owner");
    const { reference } = customerWithBooking(db, "bench-client@example.com");
    db.$client.close();

    child = startBinary({ port, dataDir, logLevel: "error" });
    await waitForOk(`${base}/healthz`, child);
    const pid = child.proc.pid;
    const uploads = `${base}/api/admin/cases/${reference}/uploads`;
    const headers = { Authorization: authorization, Origin: base };

    // The bytes: one random chunk, the first one made a PDF by its start.
    const body = randomBytes(caseUploadChunkBytes);
    const first = Buffer.from(body);
    first.write("%PDF-1.7\n%\u00e2\u00e3\n", 0, "latin1");
    const shaOf = new Map<Buffer, string>([
      [body, createHash("sha256").update(body).digest("hex")],
      [first, createHash("sha256").update(first).digest("hex")],
    ]);
    // The whole file's SHA-256, worked out before the clock starts (the client's work is not measured).
    const whole = createHash("sha256");
    for (let at = 0; at < size; at += caseUploadChunkBytes) {
      const source = at === 0 ? first : body;
      whole.update(source.subarray(0, Math.min(source.length, size - at)));
    }
    const expectedSha = whole.digest("hex");

    log("case-files", `uploading ${fmtMiB(size)}`);
    const up = await watched(pid, async () => {
      let state = await json<CaseUploadState>(
        await fetch(uploads, {
          method: "POST",
          headers: { ...headers, "Content-Type": "application/json" },
          body: JSON.stringify({ name: "bench.pdf", size, type: "application/pdf" }),
        }),
        "starting the upload",
      );
      while (state.status === "uploading") {
        const source = state.receivedBytes === 0 ? first : body;
        const length = Math.min(state.chunkBytes, size - state.receivedBytes);
        const chunk = length === source.length ? source : source.subarray(0, length);
        const sha = chunk === source ? (shaOf.get(source) ?? "") : createHash("sha256").update(chunk).digest("hex");
        state = await json<CaseUploadState>(
          await fetch(`${uploads}/${state.id}?offset=${state.receivedBytes}`, {
            method: "PUT",
            headers: { ...headers, "Content-Type": "application/octet-stream", "X-Chunk-Sha256": sha },
            body: chunk,
          }),
          `the chunk at ${state.receivedBytes}`,
        );
      }
      return state;
    });
    const fileId = up.value.id;

    log("case-files", "downloading it");
    const down = await watched(pid, async () => {
      const res = await fetch(`${base}/api/admin/cases/${reference}/files/${fileId}`, { headers });
      if (!res.ok || !res.body) throw new BenchError(`the download answered ${res.status}: ${await res.text()}`);
      let received = 0;
      const reader = res.body.getReader();
      for (let r = await reader.read(); !r.done; r = await reader.read()) received += r.value.length;
      return received;
    });
    if (down.value !== size) throw new BenchError(`the download gave ${down.value} bytes of ${size}`);
    const kept = await json<{ files: { id: number; sha256: string | null }[] }>(
      await fetch(`${base}/api/admin/cases/${reference}`, { headers }),
      "the case room",
    );
    const sha = kept.files.find((f) => f.id === fileId)?.sha256;
    if (sha !== expectedSha) throw new BenchError(`the server kept SHA-256 ${sha}, not the one sent`);
    const hwm = memoryOf(pid).hwm;

    const mb = (bytes: number, seconds: number) => bytes / 1e6 / seconds;
    const data: CaseFilesBenchData = {
      bytes: size,
      upload: { seconds: up.seconds, mbPerSecond: mb(size, up.seconds), rssBefore: up.rssBefore, rssPeak: up.rssPeak, growth: up.rssPeak - up.rssBefore },
      download: {
        seconds: down.seconds,
        mbPerSecond: mb(size, down.seconds),
        rssBefore: down.rssBefore,
        rssPeak: down.rssPeak,
        growth: down.rssPeak - down.rssBefore,
      },
      hwm,
    };
    const checks: Check[] = (["upload", "download"] as const).flatMap((way) => [
      {
        part: "case-files",
        metric: `${way} of ${fmtMiB(size)}`,
        value: `${data[way].mbPerSecond.toFixed(0)} MB/s`,
        target: `≥ ${MBPS_TARGET} MB/s`,
        ok: data[way].mbPerSecond >= MBPS_TARGET,
      },
      {
        part: "case-files",
        metric: `server RSS growth during the ${way}`,
        value: fmtMiB(data[way].growth),
        target: `< ${fmtMiB(GROWTH_TARGET_BYTES)}`,
        ok: data[way].growth < GROWTH_TARGET_BYTES,
      },
    ]);
    const markdown = [
      "## case-files",
      "",
      `A ${fmtMiB(size)} file uploaded by the owner in ${fmtMiB(caseUploadChunkBytes)} chunks and downloaded again, through the binary on loopback; the server's VmRSS sampled every 20 ms (VmHWM at the end ${fmtMiB(hwm)}).`,
      "",
      table(
        ["way", "seconds", "MB/s", "RSS before", "RSS peak", "growth"],
        (["upload", "download"] as const).map((way) => [
          way,
          data[way].seconds.toFixed(2),
          data[way].mbPerSecond.toFixed(0),
          fmtMiB(data[way].rssBefore),
          fmtMiB(data[way].rssPeak),
          fmtMiB(data[way].growth),
        ]),
      ),
    ].join("\n");
    return { part: "case-files", durationMs: performance.now() - started, checks, markdown, data };
  } finally {
    if (child) await stopChild(child);
    removeDir(dataDir);
  }
}

if (import.meta.main) await runStandalone(runCaseFilesBench);
