/**
 * The client's downloads from their case room (decision 081): GET (and HEAD) /cases/{ref}/files/{id},
 * one file, whole or one `Range`; GET /cases/{ref}/files.zip, every ready file in one zip. Only the
 * room's client gets anything (anyone else the site's 404, never a hint that the room exists); a
 * sign-in over an hour old is first sent to confirm it is still them; each download is logged.
 */
import { downloadZip } from "client-zip";
import { type Context, Hono } from "hono";
import { recordCaseDownload } from "../actions/record-case-download.server";
import { clientCaseFile, clientCaseZip, identityCheckDue } from "../reads/case-files.server";
import { confirmIdentityPath } from "../server/auth/recent-sign-in.server";
import { attachmentDisposition, caseFileResponse, uniqueZipNames } from "../server/case-file-download";
import { clientIp } from "../server/client-ip";
import type { AppDeps, AppEnv } from "../server/deps";
import { type CustomerEnv, requireCustomer } from "../server/middleware/require-customer";
import { servePage } from "../server/render-page";
import { notFoundPage } from "./not-found";

/** The name the zip of all is logged under (its row has no file). */
export const caseZipLogName = "All files (zip)";

const notFound = (deps: AppDeps, c: Context<CustomerEnv>) => servePage(deps, c, (site) => notFoundPage(site, c.req.path));

/** The address asked for, to come back to once the client has confirmed it is them. */
const requestedPath = (c: Context<CustomerEnv>) => new URL(c.req.url).pathname;

async function downloadFile(deps: AppDeps, c: Context<CustomerEnv>) {
  const user = c.get("user");
  const fileId = Number(c.req.param("id"));
  const found = clientCaseFile(deps, c.req.param("ref") ?? "", user.id, fileId);
  if (!found) return notFound(deps, c);
  if (identityCheckDue(deps, c.get("sessionId"))) return c.redirect(confirmIdentityPath(requestedPath(c)), 303);
  // Opened (its first bytes read) before it is logged: a file that cannot be read is an error, not a download.
  const res = await caseFileResponse(found.file, { method: c.req.method, range: c.req.header("range"), ifRange: c.req.header("if-range") });
  if (c.req.method !== "HEAD" && res.status !== 416) {
    recordCaseDownload(deps, {
      caseRoomId: found.caseRoomId,
      fileId: found.fileId,
      fileName: found.file.name,
      viewer: { side: "client", user },
      ip: clientIp(c),
    });
  }
  return res;
}

function downloadZipOfAll(deps: AppDeps, c: Context<CustomerEnv>) {
  const user = c.get("user");
  const found = clientCaseZip(deps, c.req.param("ref") ?? "", user.id);
  if (!found) return notFound(deps, c);
  if (identityCheckDue(deps, c.get("sessionId"))) return c.redirect(confirmIdentityPath(requestedPath(c)), 303);
  const names = uniqueZipNames(found.files.map((f) => f.name));
  const now = new Date();
  const entries = found.files.map((file, i) => ({ file, meta: { name: names[i] ?? file.name, size: file.size, lastModified: now } }));
  const head = c.req.method === "HEAD";
  if (!head) {
    recordCaseDownload(deps, { caseRoomId: found.caseRoomId, fileId: null, fileName: caseZipLogName, viewer: { side: "client", user }, ip: clientIp(c) });
  }
  // Each file is opened only when the zip reaches it, so one stream is open at a time.
  async function* inputs() {
    for (const { file, meta } of entries) yield { ...meta, input: file.open() };
  }
  const zip = downloadZip(head ? [] : inputs(), { metadata: entries.map((e) => e.meta) });
  return new Response(head ? null : zip.body, {
    status: 200,
    headers: {
      "Content-Type": "application/zip",
      "Content-Length": zip.headers.get("Content-Length") ?? "",
      "Content-Disposition": attachmentDisposition(`case-${found.reference}.zip`),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

export function caseFilesRoutes(deps: AppDeps) {
  const customer = requireCustomer(deps);
  return new Hono<AppEnv>()
    .get("/cases/:ref/files.zip", customer, (c) => downloadZipOfAll(deps, c))
    .get("/cases/:ref/files/:id{[0-9]+}", customer, (c) => downloadFile(deps, c));
}
