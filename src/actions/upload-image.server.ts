/**
 * The owner uploads an image for a product (POST /api/admin/uploads): bytes that are a JPEG, PNG or
 * WebP image of at most 5 MB are stored and recorded (`storeUpload`), to be used by a product save.
 */
import { storeUpload } from "../db/uploads.server";
import { badRequest, HttpError } from "../server/errors";
import { productMessages, type UploadResult } from "../shared/admin-product-editor";
import type { ActionDeps } from "./action";

/** The 413 of an image over 5 MB, also answered before the body is read when it says it is larger (app.ts). */
export const uploadTooLarge = () => new HttpError(413, "payload_too_large", productMessages.uploadTooLarge, { file: productMessages.uploadTooLarge });

/** Stores `bytes` as an image; answers its address, or throws 400 (not an image we take) or 413. */
export function uploadImageByAdmin(deps: ActionDeps, bytes: Uint8Array): UploadResult {
  const stored = storeUpload(deps.db, deps.env.DATA_DIR, bytes);
  if (stored.ok) return { url: stored.url };
  if (stored.reason === "too_large") throw uploadTooLarge();
  throw badRequest(productMessages.uploadType, { file: productMessages.uploadType });
}
