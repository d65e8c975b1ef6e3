import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { open } from "node:fs/promises";
import { join } from "node:path";
import { adminWithToken, caseMessageOf, caseRoomOf, customerWithBooking, customerWithSession } from "../../tests/factories";
import { testOrigin } from "../../tests/helpers/browser";
import { countRows, createTestApp, type TestApp } from "../../tests/helpers/test-app";
import { chunkClaimMs, receiveCaseChunk } from "../actions/receive-case-chunk.server";
import { claimCaseChunk, recordCaseChunk, renewCaseChunkClaim } from "../db/case-files.server";
import { databaseFile, openDatabase } from "../db/client.server";
import { startCaseUpload } from "../actions/start-case-upload.server";
import { updateSetting } from "../db/settings.server";
import { caseFileKey, caseFilesDir, forgetUploadHash, openCaseFileStream, writeCaseChunk } from "../server/case-files/case-file-store.server";
import { removeStaleCaseUploads } from "../server/case-files/stale-uploads.server";
import { refuseLargeBodies } from "../server/body-size";
import { type CaseUploadState, caseRoomMessages, caseUploadChunkBytes, caseUploadsPath, maxCaseFileNameLength } from "../shared/case-room";

let t: TestApp;
let client: ReturnType<typeof customerWithBooking>;
let owner: ReturnType<typeof adminWithToken>;
beforeEach(() => {
  t = createTestApp({ BUSINESS_EMAIL: "owner@example.com" });
  client = customerWithBooking(t.db, "ann@example.com");
  owner = adminWithToken(t.db, "owner");
});
afterEach(() => t.close());

/** A PDF's bytes (its magic number, then random bytes nobody could guess are on disk). */
const pdf = (size: number) => Buffer.concat([Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n"), randomBytes(size - 15)]);
/** A 1×1 PNG (then bytes after its end, as some cameras write). */
const png = () =>
  Buffer.concat([Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64"), randomBytes(200)]);
const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");

type Who = { side: "client"; cookie: string | null } | { side: "business"; authorization: string };
const asClient = (cookie: string | null = client.cookie): Who => ({ side: "client", cookie });
const asOwner = (): Who => ({ side: "business", authorization: owner.authorization });
const headersOf = (who: Who): Record<string, string> =>
  who.side === "client" ? { Origin: testOrigin, ...(who.cookie ? { Cookie: who.cookie } : {}) } : { Authorization: who.authorization };
const base = (who: Who, reference = client.reference) => caseUploadsPath(who.side, reference);

const start = (who: Who, body: unknown, reference = client.reference) =>
  t.request(base(who, reference), { method: "POST", headers: { ...headersOf(who), "Content-Type": "application/json" }, body: JSON.stringify(body) });

const put = (who: Who, id: number, offset: number, bytes: Uint8Array, extra: Record<string, string> = {}) =>
  t.request(`${base(who)}/${id}?offset=${offset}`, {
    method: "PUT",
    headers: { ...headersOf(who), "Content-Type": "application/octet-stream", "X-Chunk-Sha256": sha(bytes), ...extra },
    body: new Uint8Array(bytes),
  });

/** Uploads `bytes` chunk by chunk; answers the last state. */
async function upload(who: Who, bytes: Buffer, name = "report.pdf", type = "application/pdf") {
  const started = await start(who, { name, size: bytes.length, type });
  expect(started.status).toBe(201);
  let state = (await started.json()) as CaseUploadState;
  while (state.status === "uploading") {
    const res = await put(who, state.id, state.receivedBytes, bytes.subarray(state.receivedBytes, state.receivedBytes + state.chunkBytes));
    expect(res.status).toBe(200);
    state = (await res.json()) as CaseUploadState;
  }
  return state;
}

type FileRow = {
  id: number;
  name: string;
  content_type: string;
  status: string;
  sha256: string | null;
  storage_name: string;
  sealed_key: string;
  size: number;
  received_bytes: number;
  chunk_claimed_until: number | null;
};
const fileRow = (id: number) => t.db.$client.query("SELECT * FROM case_files WHERE id = ?").get(id) as FileRow | null;
const filesOnDisk = () => (existsSync(caseFilesDir(t.dataDir)) ? readdirSync(caseFilesDir(t.dataDir)) : []);

describe("uploading a case file", () => {
  test("the client's file arrives in chunks, is kept encrypted with its SHA-256, and the business is told", async () => {
    const bytes = pdf(caseUploadChunkBytes + 70_000);
    const state = await upload(asClient(), bytes);
    expect(state).toMatchObject({ status: "ready", size: bytes.length, receivedBytes: bytes.length, chunkBytes: caseUploadChunkBytes });
    const row = fileRow(state.id);
    expect(row).toMatchObject({ status: "ready", sha256: sha(bytes), content_type: "application/pdf", name: "report.pdf" });
    // On disk: the finished file only, none of the uploaded bytes in plain form.
    expect(filesOnDisk()).toEqual([row?.storage_name ?? ""]);
    const disk = readFileSync(join(caseFilesDir(t.dataDir), row?.storage_name ?? ""));
    for (const at of [20, caseUploadChunkBytes - 32, bytes.length - 64]) expect(disk.indexOf(bytes.subarray(at, at + 64))).toBe(-1);
    const back = Buffer.from(
      await new Response(
        openCaseFileStream(t.dataDir, t.deps.secrets, { storageName: row?.storage_name ?? "", sealedKey: row?.sealed_key ?? "", size: bytes.length }),
      ).arrayBuffer(),
    );
    expect(back.equals(bytes)).toBe(true);
    const room = t.db.$client.query("SELECT business_notified_at, client_notified_at FROM case_rooms").get() as {
      business_notified_at: number | null;
      client_notified_at: number | null;
    };
    expect(room.business_notified_at).not.toBeNull();
    expect(room.client_notified_at).toBeNull();
  });

  test("the owner's file is audited, naming the booking and not the file, and the client is told", async () => {
    const state = await upload(asOwner(), png(), "IMG_0001.png", "image/png");
    expect(state.status).toBe("ready");
    const audit = t.db.$client.query("SELECT kind, record_id, summary FROM audit_log WHERE kind = 'cases'").all() as {
      kind: string;
      record_id: string;
      summary: string;
    }[];
    expect(audit).toHaveLength(1);
    expect(audit[0]?.record_id).toBe(client.reference);
    expect(audit[0]?.summary).not.toContain("IMG_0001");
    const room = t.db.$client.query("SELECT client_notified_at FROM case_rooms").get() as { client_notified_at: number | null };
    expect(room.client_notified_at).not.toBeNull();
  });

  test("after a restart mid-upload (the running hash lost) the file's SHA-256 is still right", async () => {
    const bytes = pdf(2 * caseUploadChunkBytes + 5);
    const started = (await (await start(asClient(), { name: "long.pdf", size: bytes.length, type: "application/pdf" })).json()) as CaseUploadState;
    expect((await put(asClient(), started.id, 0, bytes.subarray(0, caseUploadChunkBytes))).status).toBe(200);
    forgetUploadHash(started.id);
    expect((await put(asClient(), started.id, caseUploadChunkBytes, bytes.subarray(caseUploadChunkBytes, 2 * caseUploadChunkBytes))).status).toBe(200);
    forgetUploadHash(started.id);
    const last = await put(asClient(), started.id, 2 * caseUploadChunkBytes, bytes.subarray(2 * caseUploadChunkBytes));
    expect(((await last.json()) as CaseUploadState).status).toBe("ready");
    expect(fileRow(started.id)?.sha256).toBe(sha(bytes));
  });

  test("chunks another worker process took are read back from disk, and only those", async () => {
    const bytes = pdf(3 * caseUploadChunkBytes + 5);
    const started = (await (await start(asClient(), { name: "long.pdf", size: bytes.length, type: "application/pdf" })).json()) as CaseUploadState;
    const part = (from: number) => bytes.subarray(from, from + caseUploadChunkBytes);
    expect((await put(asClient(), started.id, 0, part(0))).status).toBe(200);
    // The second chunk lands at another worker: written and recorded there, this process never sees it.
    const row = fileRow(started.id);
    const onDisk = { storageName: row?.storage_name ?? "", sealedKey: row?.sealed_key ?? "", size: bytes.length };
    writeCaseChunk(t.dataDir, onDisk, caseFileKey(t.deps.secrets, onDisk.sealedKey), caseUploadChunkBytes, part(caseUploadChunkBytes));
    expect(recordCaseChunk(t.db, started.id, caseUploadChunkBytes, caseUploadChunkBytes, new Date())).toBeDefined();
    // This worker's hash already covers the first chunk: it must not read it again (spoilt on disk
    // here, so reading it would fail), only the second.
    const partFile = await open(join(caseFilesDir(t.dataDir), `${onDisk.storageName}.part`), "r+");
    await partFile.write(Buffer.from([0xff]), 0, 1, 100);
    await partFile.close();
    expect((await put(asClient(), started.id, 2 * caseUploadChunkBytes, part(2 * caseUploadChunkBytes))).status).toBe(200);
    const last = await put(asClient(), started.id, 3 * caseUploadChunkBytes, bytes.subarray(3 * caseUploadChunkBytes));
    expect(((await last.json()) as CaseUploadState).status).toBe("ready");
    expect(fileRow(started.id)?.sha256).toBe(sha(bytes));
  });

  test("GET answers where an upload stands; a chunk at the wrong offset is 409 with that state", async () => {
    const bytes = pdf(caseUploadChunkBytes + 10);
    const started = (await (await start(asClient(), { name: "a.pdf", size: bytes.length, type: "application/pdf" })).json()) as CaseUploadState;
    await put(asClient(), started.id, 0, bytes.subarray(0, caseUploadChunkBytes));
    const wrong = await put(asClient(), started.id, 0, bytes.subarray(0, caseUploadChunkBytes));
    expect(wrong.status).toBe(409);
    const body = (await wrong.json()) as { error: { code: string }; state: CaseUploadState };
    expect(body.error.code).toBe("upload_offset");
    expect(body.state.receivedBytes).toBe(caseUploadChunkBytes);
    const got = await t.request(`${base(asClient())}/${started.id}`, { headers: headersOf(asClient()) });
    expect(await got.json()).toEqual({
      id: started.id,
      size: bytes.length,
      receivedBytes: caseUploadChunkBytes,
      chunkBytes: caseUploadChunkBytes,
      status: "uploading",
    });
  });

  test("while one request receives a chunk, another for the same upload is 409; the first is written", async () => {
    const bytes = pdf(caseUploadChunkBytes + 10);
    const started = (await (await start(asClient(), { name: "a.pdf", size: bytes.length, type: "application/pdf" })).json()) as CaseUploadState;
    const chunk = bytes.subarray(0, caseUploadChunkBytes);
    let rest!: () => void;
    const restSent = new Promise<void>((resolve) => {
      rest = resolve;
    });
    const slowBody = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new Uint8Array(chunk.subarray(0, 100_000)));
        await restSent;
        controller.enqueue(new Uint8Array(chunk.subarray(100_000)));
        controller.close();
      },
    });
    const first = t.request(`${base(asClient())}/${started.id}?offset=0`, {
      method: "PUT",
      headers: { ...headersOf(asClient()), "Content-Type": "application/octet-stream", "X-Chunk-Sha256": sha(chunk) },
      body: slowBody,
      duplex: "half",
    } as RequestInit);
    for (let i = 0; i < 100 && fileRow(started.id)?.chunk_claimed_until == null; i++) await Bun.sleep(10);
    const second = await put(asClient(), started.id, 0, chunk);
    expect(second.status).toBe(409);
    rest();
    expect((await first).status).toBe(200);
    expect(fileRow(started.id)).toMatchObject({ received_bytes: caseUploadChunkBytes, chunk_claimed_until: null });
  });

  test("a chunk another worker process is receiving is 409 there too; a claim its stopped process left runs out", async () => {
    const bytes = pdf(caseUploadChunkBytes + 10);
    const started = (await (await start(asClient(), { name: "a.pdf", size: bytes.length, type: "application/pdf" })).json()) as CaseUploadState;
    const chunk = bytes.subarray(0, caseUploadChunkBytes);
    // The other worker process: its own connection to the same database.
    const otherWorker = openDatabase(databaseFile(t.dataDir));
    try {
      const claim = claimCaseChunk(otherWorker, started.id, 0, Date.now(), Date.now() + chunkClaimMs);
      expect(claim).toBeNumber();
      const busy = await put(asClient(), started.id, 0, chunk);
      expect(busy.status).toBe(409);
      expect(((await busy.json()) as { state: CaseUploadState }).state.receivedBytes).toBe(0);
      expect(filesOnDisk()).toEqual([]);
      // That process stopped mid-chunk: once its claim has run out, the upload goes on here.
      otherWorker.$client.run("UPDATE case_files SET chunk_claimed_until = ? WHERE id = ?", [Date.now() - 1, started.id]);
      expect((await put(asClient(), started.id, 0, chunk)).status).toBe(200);
      // Its claim, lost, neither renews nor clears anything.
      expect(renewCaseChunkClaim(otherWorker, started.id, claim ?? 0, Date.now() + chunkClaimMs)).toBeUndefined();
    } finally {
      otherWorker.$client.close();
    }
    const last = await put(asClient(), started.id, caseUploadChunkBytes, bytes.subarray(caseUploadChunkBytes));
    expect(((await last.json()) as CaseUploadState).status).toBe("ready");
    expect(fileRow(started.id)?.sha256).toBe(sha(bytes));
  });

  test("DELETE abandons an upload: its bytes and its row go", async () => {
    const bytes = pdf(caseUploadChunkBytes + 10);
    const started = (await (await start(asOwner(), { name: "a.pdf", size: bytes.length, type: "application/pdf" })).json()) as CaseUploadState;
    await put(asOwner(), started.id, 0, bytes.subarray(0, caseUploadChunkBytes));
    expect(filesOnDisk()).toHaveLength(1);
    const res = await t.request(`${base(asOwner())}/${started.id}`, { method: "DELETE", headers: headersOf(asOwner()) });
    expect(res.status).toBe(204);
    expect(countRows(t, "case_files")).toBe(0);
    expect(filesOnDisk()).toEqual([]);
  });

  test("an upload no chunk reached for a day is removed by housekeeping; a fresher one stays", async () => {
    const bytes = pdf(caseUploadChunkBytes + 10);
    const old = (await (await start(asClient(), { name: "a.pdf", size: bytes.length, type: "application/pdf" })).json()) as CaseUploadState;
    await put(asClient(), old.id, 0, bytes.subarray(0, caseUploadChunkBytes));
    const fresh = (await (await start(asClient(), { name: "b.pdf", size: bytes.length, type: "application/pdf" })).json()) as CaseUploadState;
    t.db.$client.query("UPDATE case_files SET updated_at = ? WHERE id = ?").run(Date.now() - 25 * 60 * 60 * 1000, old.id);
    expect(removeStaleCaseUploads(t.db, t.dataDir)).toBe(1);
    expect(fileRow(old.id)).toBeNull();
    expect(fileRow(fresh.id)).not.toBeNull();
    expect(filesOnDisk()).toEqual([]);
  });
});

describe("refused uploads leave nothing behind", () => {
  test("a chunk whose SHA-256 does not match is refused before anything is written", async () => {
    const bytes = pdf(1000);
    const started = (await (await start(asClient(), { name: "a.pdf", size: bytes.length, type: "application/pdf" })).json()) as CaseUploadState;
    const res = await put(asClient(), started.id, 0, bytes, { "X-Chunk-Sha256": sha(Buffer.from("something else")) });
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe("checksum_mismatch");
    expect(fileRow(started.id)?.received_bytes).toBe(0);
    expect(filesOnDisk()).toEqual([]);
  });

  test("a body longer than the chunk announced is 413, by its length or as it streams; a shorter one 400", async () => {
    const bytes = pdf(1000);
    const started = (await (await start(asClient(), { name: "a.pdf", size: bytes.length, type: "application/pdf" })).json()) as CaseUploadState;
    const longer = Buffer.concat([bytes, Buffer.from("more")]);
    expect((await put(asClient(), started.id, 0, longer)).status).toBe(413);
    const streamed = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes);
        controller.enqueue(new Uint8Array(10));
        controller.close();
      },
    });
    const res = await t.request(`${base(asClient())}/${started.id}?offset=0`, {
      method: "PUT",
      headers: { ...headersOf(asClient()), "X-Chunk-Sha256": sha(bytes) },
      body: streamed,
    });
    expect(res.status).toBe(413);
    expect((await put(asClient(), started.id, 0, bytes.subarray(0, 500))).status).toBe(400);
    expect(fileRow(started.id)?.received_bytes).toBe(0);
    expect(filesOnDisk()).toEqual([]);
  });

  test("a file whose first bytes are not the type announced is refused and removed", async () => {
    for (const [bytes, type] of [
      [Buffer.from("MZ this is a program, not a report".repeat(10)), "application/pdf"],
      [png(), "application/pdf"],
    ] as const) {
      const started = (await (await start(asClient(), { name: "report.pdf", size: bytes.length, type })).json()) as CaseUploadState;
      const res = await put(asClient(), started.id, 0, bytes);
      expect(res.status).toBe(400);
      expect((await res.json()).error.fields.file).toBe(caseRoomMessages.fileTypeClient);
      expect(fileRow(started.id)).toBeNull();
    }
    expect(filesOnDisk()).toEqual([]);
  });

  test("a type this side may not add is refused at the start (a client's video)", async () => {
    const res = await start(asClient(), { name: "clip.mp4", size: 1000, type: "video/mp4" });
    expect(res.status).toBe(400);
    expect((await res.json()).error.fields.file).toBe(caseRoomMessages.fileTypeClient);
    expect((await start(asOwner(), { name: "clip.mp4", size: 1000, type: "video/mp4" })).status).toBe(201);
  });

  test("names are made safe: no path, no NUL or control characters, at most the longest name with the extension kept", async () => {
    const cases: [string, string][] = [
      ["../../etc/passwd", "passwd"],
      ["..\\..\\windows\\report.pdf", "report.pdf"],
      ["re\u0000po\u0007rt\u202e.pdf", "report.pdf"],
      ["...", "file.pdf"],
      ["\u0000", "file.pdf"],
    ];
    for (const [name, kept] of cases) {
      const state = await upload(asClient(), pdf(300), name);
      expect(fileRow(state.id)?.name).toBe(kept);
    }
    const long = await upload(asClient(), pdf(300), `${"a".repeat(900)}.pdf`);
    const name = fileRow(long.id)?.name ?? "";
    expect(name.length).toBe(maxCaseFileNameLength);
    expect(name.endsWith("a.pdf")).toBe(true);
    // Past a thousand characters a name is no file's: refused, nothing kept.
    const count = countRows(t, "case_files");
    const refused = await start(asClient(), { name: `${"a".repeat(5000)}.pdf`, size: 300, type: "application/pdf" });
    expect(refused.status).toBe(400);
    expect(countRows(t, "case_files")).toBe(count);
  });

  test("a file that would pass the quota is refused with no room, row or file made", async () => {
    updateSetting(t.db, "caseFilesQuotaGb", 1);
    const res = await start(asClient(), { name: "big.pdf", size: 1024 * 1024 * 1024 + 1, type: "application/pdf" });
    expect(res.status).toBe(507);
    expect((await res.json()).error).toMatchObject({ code: "quota_full", message: caseRoomMessages.quotaFull });
    expect(countRows(t, "case_files")).toBe(0);
    expect(countRows(t, "case_rooms")).toBe(0);
    // Uploads under way count: two of half a GB each do not fit beside one another.
    expect((await start(asOwner(), { name: "a.pdf", size: 600 * 1024 * 1024, type: "application/pdf" })).status).toBe(201);
    expect((await start(asOwner(), { name: "b.pdf", size: 600 * 1024 * 1024, type: "application/pdf" })).status).toBe(507);
  });

  test("a full disk (no space to start, or a write that fails) is 507 with the disk-full message, and nothing is kept", async () => {
    const deps = t.deps;
    const actor = { side: "client", userId: client.userId } as const;
    const full = { write: () => {}, freeBytes: () => 1024 };
    expect(() => startCaseUpload(deps, actor, client.reference, { name: "a.pdf", size: 1000, type: "application/pdf" }, new Date(), full)).toThrow(
      caseRoomMessages.diskFull,
    );
    expect(countRows(t, "case_files")).toBe(0);

    const bytes = pdf(caseUploadChunkBytes + 100);
    const state = startCaseUpload(deps, actor, client.reference, { name: "a.pdf", size: bytes.length, type: "application/pdf" });
    const first = bytes.subarray(0, caseUploadChunkBytes);
    await receiveCaseChunk(deps, actor, client.reference, state.id, { offset: 0, body: new Response(first).body, length: first.length, sha256: sha(first) });
    expect(filesOnDisk()).toHaveLength(1);
    const enospc = {
      write: () => {
        throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
      },
      freeBytes: () => Number.MAX_SAFE_INTEGER,
    };
    const rest = bytes.subarray(caseUploadChunkBytes);
    const refused = receiveCaseChunk(
      deps,
      actor,
      client.reference,
      state.id,
      { offset: caseUploadChunkBytes, body: new Response(rest).body, length: rest.length, sha256: sha(rest) },
      new Date(),
      enospc,
    );
    await expect(refused).rejects.toMatchObject({ status: 507, code: "disk_full", message: caseRoomMessages.diskFull });
    expect(countRows(t, "case_files")).toBe(0);
    expect(filesOnDisk()).toEqual([]);
  });

  test("a closed case takes no file from the client (409), the business's still", async () => {
    caseRoomOf(t.db, client.reference, { status: "closed" });
    const res = await start(asClient(), { name: "a.pdf", size: 100, type: "application/pdf" });
    expect(res.status).toBe(409);
    expect((await res.json()).error).toMatchObject({ code: "case_closed", message: caseRoomMessages.roomClosed });
    expect((await start(asOwner(), { name: "a.pdf", size: 100, type: "application/pdf" })).status).toBe(201);
  });

  test("a file comes with a message of its own side in the same room, or is refused", async () => {
    const own = caseMessageOf(t.db, client.reference, "client", "Here are the photos");
    const theirs = caseMessageOf(t.db, client.reference, "business", "Send them please");
    expect((await start(asClient(), { name: "a.pdf", size: 100, type: "application/pdf", messageId: theirs.id })).status).toBe(400);
    expect((await start(asClient(), { name: "a.pdf", size: 100, type: "application/pdf", messageId: 999_999 })).status).toBe(400);
    const ok = await start(asClient(), { name: "a.pdf", size: 100, type: "application/pdf", messageId: own.id });
    expect(ok.status).toBe(201);
    const row = t.db.$client.query("SELECT message_id FROM case_files").get() as { message_id: number };
    expect(row.message_id).toBe(own.id);
  });

  test("bad input answers the JSON error shape with nothing written", async () => {
    for (const body of [
      {},
      { name: "", size: 1, type: "application/pdf" },
      { name: "a.pdf", size: 0, type: "application/pdf" },
      { name: "a.pdf", size: 3 * 1024 ** 3, type: "application/pdf" },
    ]) {
      const res = await start(asClient(), body);
      expect(res.status).toBe(400);
      expect((await res.json()).error.code).toBe("validation_error");
    }
    expect(countRows(t, "case_files")).toBe(0);
    expect(countRows(t, "case_rooms")).toBe(0);
  });
});

describe("who may upload", () => {
  test("client 201, another customer 404, signed out 401, staff and owner 201", async () => {
    const other = customerWithSession(t.db, "bob@example.com");
    const staff = adminWithToken(t.db, "staff", null, "staff");
    const body = { name: "a.pdf", size: 100, type: "application/pdf" };
    expect((await start(asClient(), body)).status).toBe(201);
    expect((await start(asClient(other.cookie), body)).status).toBe(404);
    expect((await start(asClient(null), body)).status).toBe(401);
    expect((await start({ side: "business", authorization: staff.authorization }, body)).status).toBe(201);
    expect((await start(asOwner(), body)).status).toBe(201);
    expect((await start({ side: "business", authorization: "Bearer nope" }, body)).status).toBe(401);
  });

  test("another customer can neither see, continue nor abandon the client's upload (404), nor the business the client's", async () => {
    const other = customerWithSession(t.db, "bob@example.com");
    const bytes = pdf(100);
    const started = (await (await start(asClient(), { name: "a.pdf", size: bytes.length, type: "application/pdf" })).json()) as CaseUploadState;
    const path = `${base(asClient())}/${started.id}`;
    const otherHeaders = headersOf(asClient(other.cookie));
    expect((await t.request(path, { headers: otherHeaders })).status).toBe(404);
    expect((await put(asClient(other.cookie), started.id, 0, bytes)).status).toBe(404);
    expect((await t.request(path, { method: "DELETE", headers: otherHeaders })).status).toBe(404);
    expect((await t.request(path, { headers: headersOf(asClient(null)) })).status).toBe(401);
    expect((await put(asOwner(), started.id, 0, bytes)).status).toBe(404);
    expect(fileRow(started.id)?.received_bytes).toBe(0);
  });

  test("a client starts at most 100 uploads an hour (429 after), the business is not counted", async () => {
    const body = { name: "a.pdf", size: 100, type: "application/pdf" };
    for (let i = 0; i < 100; i++) expect((await start(asClient(), body)).status).toBe(201);
    const refused = await start(asClient(), body);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).not.toBeNull();
    expect(countRows(t, "case_files")).toBe(100);
    expect((await start(asOwner(), body)).status).toBe(201);
  });

  test("a reference of nobody's booking is 404 to both sides", async () => {
    const body = { name: "a.pdf", size: 100, type: "application/pdf" };
    expect((await start(asClient(), body, "BK-NONE-NONE")).status).toBe(404);
    expect((await start(asOwner(), body, "BK-NONE-NONE")).status).toBe(404);
  });
});

describe("the body-size gate", () => {
  test("a chunk route may declare one chunk, no more; other routes 1 MB", async () => {
    const handler = refuseLargeBodies((req: Request) => new Response(new URL(req.url).pathname));
    const at = (method: string, path: string, length: number) =>
      handler(new Request(`http://localhost${path}`, { method, headers: { "Content-Length": String(length) } }));
    expect((await at("PUT", "/api/cases/BK-AAAA-BBBB/uploads/3", caseUploadChunkBytes)).status).toBe(200);
    expect((await at("PUT", "/api/admin/cases/BK-AAAA-BBBB/uploads/3", caseUploadChunkBytes)).status).toBe(200);
    expect((await at("PUT", "/api/cases/BK-AAAA-BBBB/uploads/3", caseUploadChunkBytes + 1)).status).toBe(413);
    expect((await at("POST", "/api/cases/BK-AAAA-BBBB/uploads/3", caseUploadChunkBytes)).status).toBe(413);
    expect((await at("POST", "/api/cases/BK-AAAA-BBBB/messages", 2 * 1024 * 1024)).status).toBe(413);
  });
});
