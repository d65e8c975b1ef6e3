/**
 * `POST /api/admin/uploads` (behind requireAdmin): one image as multipart form data, field `file`.
 * The bytes must be a JPEG, PNG or WebP image (checked by their magic numbers) of at most 5 MB;
 * answers `{ url: "/uploads/<name>" }` (201). 400 for anything else, 413 when too large. Its body
 * limit is the one route's larger one (app.ts). Rules: docs/product.md#image-uploads.
 */
import { Hono } from "hono";
import { uploadImageByAdmin } from "../../actions/upload-image.server";
import type { AppDeps } from "../../server/deps";
import { badRequest } from "../../server/errors";
import type { AdminEnv } from "../../server/middleware/require-admin";
import { productMessages } from "../../shared/admin-product-editor";

export { uploadTooLarge } from "../../actions/upload-image.server";

const missingFile = () => badRequest(productMessages.uploadMissing, { file: productMessages.uploadMissing });

export function adminUploadsApi(deps: AppDeps) {
  return new Hono<AdminEnv>().post("/uploads", async (c) => {
    if (!c.req.header("content-type")?.toLowerCase().startsWith("multipart/form-data")) throw missingFile();
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      throw missingFile();
    }
    const file = form.get("file");
    if (!(file instanceof File)) throw missingFile();
    return c.json(uploadImageByAdmin(deps, new Uint8Array(await file.arrayBuffer())), 201);
  });
}
