/**
 * The business's downloads from a case room and the owner's download log (decision 081): owners
 * and staff download any ready file of a room, whole or one span, each download logged under their
 * name; only owners read the log (newest first), staff get 403; nobody signed out gets anything.
 */
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { adminWithToken, customerWithBooking } from "../../../tests/factories";
import { patternedBytes, readyCaseFile } from "../../../tests/helpers/case-files";
import { testAppPerTest } from "../../../tests/helpers/per-test";
import { errorOf } from "../../../tests/helpers/test-app";
import { caseDownloads, caseFiles } from "../../db/schema";
import { segmentBytes } from "../../server/case-files/case-file-crypto.server";
import { adminCaseFilePath, type CaseDownloadRow } from "../../shared/case-room";

const t = testAppPerTest();
const size = 150_000;

function roomWithFile() {
  const ann = customerWithBooking(t.db, "ann@example.com");
  const owner = adminWithToken(t.db, "owner");
  const staff = adminWithToken(t.db, "sam", null, "staff");
  const bytes = patternedBytes(size);
  const file = readyCaseFile(t, ann.reference, bytes, { adminId: owner.adminId });
  return { ann, owner, staff, bytes, file, path: adminCaseFilePath(ann.reference, file.id) };
}

const get = (path: string, headers: Record<string, string> = {}, method = "GET") => t.request(path, { method, headers });
const bodyOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());
const downloadsPath = (reference: string) => `/api/admin/cases/${reference}/downloads`;

describe("the business downloads a file", () => {
  test("an owner gets the whole file with its headers; staff too; each is logged under their name", async () => {
    const { owner, staff, bytes, file, path } = roomWithFile();
    t.setIp("192.0.2.44");
    for (const who of [owner, staff]) {
      const res = await get(path, { Authorization: who.authorization });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/pdf");
      expect(res.headers.get("content-length")).toBe(String(size));
      expect(res.headers.get("accept-ranges")).toBe("bytes");
      expect(res.headers.get("content-disposition")).toStartWith('attachment; filename="report.pdf"');
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("etag")).toBe(`"${file.sha256}"`);
      expect(await bodyOf(res)).toEqual(bytes);
    }
    const rows = t.db.select().from(caseDownloads).all();
    expect(rows.map((r) => [r.side, r.adminId, r.userId, r.viewerName, r.ip, r.requests])).toEqual([
      ["business", owner.adminId, null, "owner", "192.0.2.44", 1],
      ["business", staff.adminId, null, "sam", "192.0.2.44", 1],
    ]);
  });

  test("a Range across a 64 KiB boundary is 206 with those bytes; past the end 416; HEAD has no body", async () => {
    const { owner, bytes, path } = roomWithFile();
    const auth = { Authorization: owner.authorization };
    const span = await get(path, { ...auth, Range: `bytes=${segmentBytes - 10}-${segmentBytes + 10}` });
    expect(span.status).toBe(206);
    expect(span.headers.get("content-range")).toBe(`bytes ${segmentBytes - 10}-${segmentBytes + 10}/${size}`);
    expect(await bodyOf(span)).toEqual(bytes.subarray(segmentBytes - 10, segmentBytes + 11));
    const past = await get(path, { ...auth, Range: `bytes=${size + 5}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe(`bytes */${size}`);
    expect(past.headers.get("content-disposition")).toBeNull();
    expect((await errorOf(past)).code).toBe("range_not_satisfiable");
    const head = await get(path, auth, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(size));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  test("unknown room or file, a file still uploading: 404 in the JSON shape; a bad id 400; signed out or a customer's cookie 401", async () => {
    const { ann, owner, file, path } = roomWithFile();
    const auth = { Authorization: owner.authorization };
    const unknownRoom = await get(adminCaseFilePath("BK-NOPE-NOPE", file.id), auth);
    expect(unknownRoom.status).toBe(404);
    expect((await errorOf(unknownRoom)).code).toBe("not_found");
    expect((await get(adminCaseFilePath(ann.reference, file.id + 1), auth)).status).toBe(404);
    t.db.update(caseFiles).set({ status: "uploading" }).where(eq(caseFiles.id, file.id)).run();
    expect((await get(path, auth)).status).toBe(404);
    const bad = await get(`/api/admin/cases/${ann.reference}/files/abc`, auth);
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).code).toBe("validation_error");
    expect((await get(path)).status).toBe(401);
    expect((await get(path, { Cookie: ann.cookie })).status).toBe(401);
    expect(t.db.select().from(caseDownloads).all()).toHaveLength(0);
  });
});

describe("the download log", () => {
  test("owners read it newest first, both sides' downloads with name, address and requests; staff get 403", async () => {
    const { ann, owner, staff, path } = roomWithFile();
    t.setIp("192.0.2.1");
    await (await get(path, { Authorization: owner.authorization })).arrayBuffer();
    await (await get(path, { Authorization: owner.authorization, Range: "bytes=0-10" })).arrayBuffer();
    // The client's sitting began earlier.
    t.db
      .update(caseDownloads)
      .set({ firstAt: new Date(Date.now() - 60_000), lastAt: new Date(Date.now() - 60_000) })
      .run();
    t.setIp("198.51.100.9");
    await (await get(`/cases/${ann.reference.toLowerCase()}/files/${path.split("/").at(-1)}`, { Cookie: ann.cookie })).arrayBuffer();

    const res = await get(downloadsPath(ann.reference), { Authorization: owner.authorization });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const log = (await res.json()) as CaseDownloadRow[];
    expect(log.map((r) => [r.fileName, r.side, r.viewerName, r.ip, r.requests])).toEqual([
      ["report.pdf", "client", "ann", "198.51.100.9", 1],
      ["report.pdf", "business", "owner", "192.0.2.1", 2],
    ]);
    expect(Date.parse(log[0]?.lastAt ?? "")).toBeGreaterThan(Date.parse(log[1]?.lastAt ?? ""));

    const forStaff = await get(downloadsPath(ann.reference), { Authorization: staff.authorization });
    expect(forStaff.status).toBe(403);
    expect((await errorOf(forStaff)).code).toBe("owners_only");
    expect((await get(downloadsPath(ann.reference))).status).toBe(401);
  });

  test("a room not yet made has an empty log; an unknown reference is 404", async () => {
    const ann = customerWithBooking(t.db, "ann@example.com");
    const owner = adminWithToken(t.db, "owner");
    const empty = await get(downloadsPath(ann.reference), { Authorization: owner.authorization });
    expect(empty.status).toBe(200);
    expect(await empty.json()).toEqual([]);
    expect((await get(downloadsPath("BK-NOPE-NOPE"), { Authorization: owner.authorization })).status).toBe(404);
  });
});
