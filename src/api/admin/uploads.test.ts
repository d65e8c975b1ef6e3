import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { testOrigin } from "../../../tests/helpers/browser";
import { jpegBytes, phpBytes, pngBytes, svgBytes, webpBytes } from "../../../tests/helpers/images";
import { countRows, type ErrorBody } from "../../../tests/helpers/test-app";
import { adminAppPerTest } from "../../../tests/helpers/per-test";
import { uploads } from "../../db/schema";
import { refuseLargeBodies } from "../../server/body-size";
import { productMessages } from "../../shared/admin-product-editor";

const { t, admin } = adminAppPerTest();

function post(bytes: Uint8Array<ArrayBuffer>, name: string, type = "") {
  const form = new FormData();
  form.append("file", new File([bytes], name, { type }));
  return t.request("/api/admin/uploads", { method: "POST", headers: { Authorization: admin.authorization, Origin: testOrigin }, body: form });
}
const storedFiles = () => (existsSync(join(t.dataDir, "uploads")) ? readdirSync(join(t.dataDir, "uploads")) : []);

describe("POST /api/admin/uploads", () => {
  for (const [kind, bytes, ext, type] of [
    ["PNG", pngBytes(), "png", "image/png"],
    ["JPEG", jpegBytes(), "jpg", "image/jpeg"],
    ["WebP", webpBytes(), "webp", "image/webp"],
  ] as const) {
    test(`a real ${kind} is kept under a random name with its extension and served back with its checked type`, async () => {
      // The name and the browser's type say nothing: the bytes decide.
      const res = await post(bytes, "holiday.gif", "text/plain");
      expect(res.status).toBe(201);
      const { url } = (await res.json()) as { url: string };
      expect(url).toMatch(new RegExp(`^/uploads/[a-f0-9]{32}\\.${ext}$`));
      const name = url.slice("/uploads/".length);
      expect(readFileSync(join(t.dataDir, "uploads", name))).toEqual(Buffer.from(bytes));
      expect(t.db.select().from(uploads).all()).toMatchObject([{ name, contentType: type, bytes: bytes.length }]);

      const served = await t.request(url);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe(type);
      expect(served.headers.get("x-content-type-options")).toBe("nosniff");
      expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
    });
  }

  test("two uploads of the same bytes get different names", async () => {
    const a = ((await (await post(pngBytes(), "a.png")).json()) as { url: string }).url;
    const b = ((await (await post(pngBytes(), "a.png")).json()) as { url: string }).url;
    expect(a).not.toBe(b);
  });

  test("a PHP file renamed .jpg, an SVG, an empty file, text and a truncated header are refused; nothing is kept", async () => {
    const refused: [Uint8Array<ArrayBuffer>, string, string][] = [
      [phpBytes(), "shell.jpg", "image/jpeg"],
      [svgBytes(), "logo.svg", "image/svg+xml"],
      [new Uint8Array(), "empty.png", "image/png"],
      [new TextEncoder().encode("just text"), "notes.webp", "image/webp"],
      [new Uint8Array([0x89, 0x50, 0x4e, 0x47]), "short.png", "image/png"],
      [new TextEncoder().encode("RIFF\0\0\0\0WAVEfmt "), "sound.webp", "image/webp"],
    ];
    for (const [bytes, name, type] of refused) {
      const res = await post(bytes, name, type);
      expect(res.status, name).toBe(400);
      const body = (await res.json()) as ErrorBody;
      expect(body.error).toEqual({ code: "validation_error", message: productMessages.uploadType, fields: { file: productMessages.uploadType } });
    }
    expect(countRows(t, "uploads")).toBe(0);
    expect(storedFiles()).toEqual([]);
  });

  test("an image over 5 MB is refused with a clear message (413), under the route's body limit or over it", async () => {
    const over = new Uint8Array(5 * 1024 * 1024 + 1);
    over.set(pngBytes());
    const res = await post(over, "big.png", "image/png");
    expect(res.status).toBe(413);
    expect(((await res.json()) as ErrorBody).error.message).toBe(productMessages.uploadTooLarge);

    const six = new Uint8Array(6 * 1024 * 1024);
    six.set(pngBytes());
    const huge = await post(six, "huge.png", "image/png");
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as ErrorBody).error.message).toBe(productMessages.uploadTooLarge);
    expect(countRows(t, "uploads")).toBe(0);
    expect(storedFiles()).toEqual([]);
  });

  test("a just-under-5 MB image is accepted: the upload route's body limit is its own", async () => {
    const big = new Uint8Array(5 * 1024 * 1024);
    big.set(pngBytes());
    expect((await post(big, "big.png")).status).toBe(201);
  });

  test("no file field, or not multipart, is a 400", async () => {
    const form = new FormData();
    form.append("other", "x");
    const noFile = await t.request("/api/admin/uploads", { method: "POST", headers: { Authorization: admin.authorization, Origin: testOrigin }, body: form });
    expect(noFile.status).toBe(400);
    expect(((await noFile.json()) as ErrorBody).error.fields).toEqual({ file: productMessages.uploadMissing });
    const json = await admin.json("/api/admin/uploads", { file: "x" });
    expect(json.status).toBe(400);
  });

  test("without the admin's token the upload is refused and nothing is kept", async () => {
    const form = new FormData();
    form.append("file", new File([pngBytes()], "a.png"));
    const res = await t.request("/api/admin/uploads", { method: "POST", headers: { Origin: testOrigin }, body: form });
    expect(res.status).toBe(401);
    expect(storedFiles()).toEqual([]);
  });
});

describe("GET /uploads/{name}", () => {
  test("unknown, malformed and traversal names are the 404 page; so is a file in the folder the table does not know", async () => {
    const { url } = (await (await post(pngBytes(), "a.png")).json()) as { url: string };
    const name = url.slice("/uploads/".length);
    t.db.delete(uploads).run();
    for (const path of [
      url,
      "/uploads/../pi-site.db",
      "/uploads/..%2Fpi-site.db",
      "/uploads/%2e%2e%2fpi-site.db",
      "/uploads/pi-site.db",
      `/uploads/${name.toUpperCase()}`,
      `/uploads/${name.replace(".png", ".svg")}`,
      `/uploads/${"0".repeat(32)}.png`,
      "/uploads/",
    ]) {
      let res = await t.request(path);
      // Odd spellings are first sent to their canonical path, which is no file either.
      if (res.status === 301) res = await t.request(res.headers.get("location") ?? "/");
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type"), path).toContain("text/html");
    }
  });
});

describe("request size limits", () => {
  test("other routes keep the 64 KB app limit: a larger JSON body is a 413", async () => {
    const res = await t.json("/api/contacts", { message: "x".repeat(70 * 1024) });
    expect(res.status).toBe(413);
  });

  test("the server refuses a declared body over 1 MB on any route but the upload", async () => {
    const handler = refuseLargeBodies((req: Request) => new Response(new URL(req.url).pathname));
    const sized = (path: string, bytes: number) =>
      handler(new Request(`http://localhost${path}`, { method: "POST", headers: { "Content-Length": String(bytes) }, body: "x" }));
    expect((await sized("/api/contacts", 1024 * 1024 + 1)).status).toBe(413);
    expect((await sized("/api/contacts", 1024 * 1024)).status).toBe(200);
    expect((await sized("/api/admin/uploads", 5 * 1024 * 1024)).status).toBe(200);
  });
});
