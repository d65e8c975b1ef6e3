/**
 * `POST /api/admin/uploads` (behind requireAdmin): one image as multipart form data, field `file`.
 * The bytes must be a JPEG, PNG or WebP image (checked by their magic numbers) of at most 5 MB;
 * answers `{ url: "/uploads/<name>" }` (201). 400 for anything else, 413 when too large. Its body
 * limit is the one route's larger one (app.ts). Rules: docs/product.md#image-uploads.
 */
import { Hono } from "hono";
import { storeUpload } from "../../db/uploads.server";
import type { AppDeps } from "../../server/deps";
import { badRequest, HttpError } from "../../server/errors";
import type { AdminEnv } from "../../server/middleware/require-admin";
import { productMessages, type UploadResult } from "../../shared/admin-product-editor";

export const uploadTooLarge = () => new HttpError(413, "payload_too_large", productMessages.uploadTooLarge, { file: productMessages.uploadTooLarge });

export function adminUploadsApi(deps: AppDeps) {
  return new Hono<AdminEnv>().post("/uploads", async (c) => {
    if (!c.req.header("content-type")?.toLowerCase().startsWith("multipart/form-data"))
      throw badRequest(productMessages.uploadMissing, { file: productMessages.uploadMissing });
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      throw badRequest(productMessages.uploadMissing, { file: productMessages.uploadMissing });
    }
    const file = form.get("file");
    if (!(file instanceof File)) throw badRequest(productMessages.uploadMissing, { file: productMessages.uploadMissing });
    const stored = storeUpload(deps.db, deps.env.DATA_DIR, new Uint8Array(await file.arrayBuffer()));
    if (!stored.ok) {
      if (stored.reason === "too_large") throw uploadTooLarge();
      throw badRequest(productMessages.uploadType, { file: productMessages.uploadType });
    }
    const body: UploadResult = { url: stored.url };
    return c.json(body, 201);
  });
}
