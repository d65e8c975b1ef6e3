/**
 * A case file (or the zip of all) is downloaded, by the client or the business: the owner's log
 * gains a row, or the viewer's sitting on that file counts one more request (decision 081). Called
 * before the bytes go out, so a download cut short is still logged.
 */
import { recordCaseDownloadRow } from "../db/case-downloads.server";
import type { CaseSide } from "../shared/case-room";
import type { ActionDeps } from "./action";

/** Who downloads: the client (a customer) or someone of the business (an admin). */
export type CaseDownloadViewer =
  | { side: "client"; user: { id: string; firstName: string | null; lastName: string | null; email: string } }
  | { side: "business"; admin: { id: number; username: string } };

/** The name the log shows for the viewer. */
function viewerName(viewer: CaseDownloadViewer): string {
  if (viewer.side === "business") return viewer.admin.username;
  const name = [viewer.user.firstName, viewer.user.lastName].filter((part) => part?.trim()).join(" ");
  return name || viewer.user.email;
}

/** Logs that `viewer`, from `ip`, asked for file `fileId` of room `caseRoomId` (`fileId` null: the zip, logged as `fileName`). */
export function recordCaseDownload(
  deps: Pick<ActionDeps, "db">,
  download: { caseRoomId: number; fileId: number | null; fileName: string; viewer: CaseDownloadViewer; ip: string },
  now = new Date(),
): void {
  const { viewer } = download;
  const side: CaseSide = viewer.side;
  recordCaseDownloadRow(
    deps.db,
    {
      caseRoomId: download.caseRoomId,
      fileId: download.fileId,
      fileName: download.fileName,
      side,
      userId: viewer.side === "client" ? viewer.user.id : null,
      adminId: viewer.side === "business" ? viewer.admin.id : null,
      viewerName: viewerName(viewer),
      ip: download.ip,
    },
    now,
  );
}
