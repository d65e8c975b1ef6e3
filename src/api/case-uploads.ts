/**
 * Uploads to a case room (decision 080), one factory mounted for each side: the client's at
 * `/api/cases/{ref}/uploads` (signed-in customers) and the business's at
 * `/api/admin/cases/{ref}/uploads` (behind requireAdmin).
 *
 * - `POST {base}`: CaseUploadStartInput → 201 CaseUploadState.
 * - `PUT {base}/{id}?offset=N`: one chunk as the raw body with `X-Chunk-Sha256` → 200 CaseUploadState
 *   (status "ready" once the last one lands); a chunk not at the server's offset answers 409 with
 *   `{ error, state }` so the uploader goes on from `state.receivedBytes`.
 * - `GET {base}/{id}`: the state, after a dropped connection.
 * - `DELETE {base}/{id}`: the upload is abandoned (204).
 */
import { type Context, Hono } from "hono";
import { abandonCaseUpload } from "../actions/abandon-case-upload.server";
import { type CaseUploadActor, CaseUploadConflict } from "../actions/case-upload-rules.server";
import { receiveCaseChunk } from "../actions/receive-case-chunk.server";
import { startCaseUpload } from "../actions/start-case-upload.server";
import { caseUploadStateFor } from "../reads/case-uploads.server";
import type { AppDeps, AppEnv } from "../server/deps";
import { badRequest, errorBody, notFound } from "../server/errors";
import type { AdminEnv } from "../server/middleware/require-admin";
import { requireUser, signedInUser } from "../server/middleware/require-user";
import { validJson } from "../server/validate";
import { caseUploadStartSchema, maxCaseFileBytes } from "../shared/case-room";

const idOf = (c: Context) => {
  const id = Number(c.req.param("id"));
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound("There is no such upload.");
  return id;
};

const referenceOf = (c: Context) => c.req.param("ref") ?? "";

function offsetOf(c: Context): number {
  const raw = c.req.query("offset") ?? "";
  const offset = /^\d{1,12}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(offset) || offset >= maxCaseFileBytes)
    throw badRequest("Say where this part of the file begins (?offset=N).", { offset: "Give the offset in bytes" });
  return offset;
}

function declaredLength(c: Context): number | null {
  const raw = c.req.header("content-length");
  if (raw === undefined) return null;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
}

/** The routes for one side; `actorOf` names the uploader from the request (after its side's guard). */
function caseUploadRoutes(deps: AppDeps, actorOf: (c: Context<AppEnv>) => CaseUploadActor) {
  const api = new Hono<AppEnv>();

  api.post("/", validJson(caseUploadStartSchema), (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(startCaseUpload(deps, actorOf(c), referenceOf(c), c.req.valid("json")), 201);
  });

  api.put("/:id", async (c) => {
    c.header("Cache-Control", "no-store");
    const actor = actorOf(c);
    const chunk = { offset: offsetOf(c), body: c.req.raw.body, length: declaredLength(c), sha256: c.req.header("x-chunk-sha256") };
    try {
      return c.json(await receiveCaseChunk(deps, actor, referenceOf(c), idOf(c), chunk));
    } catch (error) {
      // The one refusal that carries more than the error: where the upload stands, to go on from.
      if (error instanceof CaseUploadConflict) return c.json({ ...errorBody(error.code, error.message), state: error.state }, 409);
      throw error;
    }
  });

  api.get("/:id", (c) => {
    c.header("Cache-Control", "no-store");
    const state = caseUploadStateFor(deps, actorOf(c), referenceOf(c), idOf(c));
    if (!state) throw notFound("There is no such upload.");
    return c.json(state);
  });

  api.delete("/:id", (c) => {
    abandonCaseUpload(deps, actorOf(c), referenceOf(c), idOf(c));
    return c.body(null, 204);
  });

  return api;
}

/** The client's uploads, mounted at `/api/cases/:ref/uploads`. */
export function clientCaseUploadsApi(deps: AppDeps) {
  const api = new Hono<AppEnv>().use(requireUser);
  api.route(
    "/",
    caseUploadRoutes(deps, (c) => ({ side: "client", userId: signedInUser(c).id })),
  );
  return api;
}

/** The business's uploads, mounted at `/api/admin/cases/:ref/uploads` behind requireAdmin. */
export function adminCaseUploadsApi(deps: AppDeps) {
  return caseUploadRoutes(deps, (c) => {
    // Mounted behind requireAdmin, which sets the admin on the context.
    const admin = (c as unknown as Context<AdminEnv>).get("admin");
    return { side: "business", adminId: admin.id, adminUsername: admin.username };
  });
}
