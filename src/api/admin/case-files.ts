/**
 * The business's downloads from a case room (behind requireAdmin, decision 081):
 *
 *   GET|HEAD /api/admin/cases/{ref}/files/{id}   one ready file, whole or one `Range` (owners and staff)
 *   GET      /api/admin/cases/{ref}/downloads    the room's download log, newest first (owners only:
 *                                                the path is outside staff's allow-list, so they get 403)
 *
 * 400 for an id that is not a whole number, 404 (JSON) for an unknown room or file. Every download
 * is logged like the client's, under the admin's username.
 */
import { Hono } from "hono";
import { recordCaseDownload } from "../../actions/record-case-download.server";
import { businessCaseFile, caseDownloadLog } from "../../reads/case-files.server";
import { caseFileResponse } from "../../server/case-file-download";
import { clientIp } from "../../server/client-ip";
import type { AppDeps } from "../../server/deps";
import { notFound } from "../../server/errors";
import type { AdminEnv } from "../../server/middleware/require-admin";
import { validParams } from "../../server/validate";
import { z } from "../../shared/zod-mini";

const referenceField = z.string().check(z.minLength(1), z.maxLength(40));
const fileParamsSchema = z.object({ ref: referenceField, id: z.string().check(z.regex(/^\d{1,15}$/, "The file id is a whole number")) });
const roomParamsSchema = z.object({ ref: referenceField });

const noSuchRoom = () => notFound("There is no case room with that reference.");

export function adminCaseFilesApi(deps: AppDeps) {
  return new Hono<AdminEnv>()
    .get("/cases/:ref/files/:id", validParams(fileParamsSchema), async (c) => {
      const { ref, id } = c.req.valid("param");
      const found = businessCaseFile(deps, ref, Number(id));
      if (!found) throw notFound("There is no such file in this case room.");
      // Opened (its first bytes read) before it is logged: a file that cannot be read is an error, not a download.
      const res = await caseFileResponse(found.file, { method: c.req.method, range: c.req.header("range"), ifRange: c.req.header("if-range") });
      if (c.req.method !== "HEAD" && res.status !== 416) {
        recordCaseDownload(deps, {
          caseRoomId: found.caseRoomId,
          fileId: found.fileId,
          fileName: found.file.name,
          viewer: { side: "business", admin: c.get("admin") },
          ip: clientIp(c),
        });
      }
      return res;
    })
    .get("/cases/:ref/downloads", validParams(roomParamsSchema), (c) => {
      const log = caseDownloadLog(deps, c.req.valid("param").ref);
      if (!log) throw noSuchRoom();
      c.header("Cache-Control", "no-store");
      return c.json(log);
    });
}
