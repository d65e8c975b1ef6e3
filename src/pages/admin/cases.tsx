/**
 * /admin/cases: the case rooms, those with something new from the client first (the AdminCases
 * island); /admin/cases/{reference}: one room, reached by any of its bookings' references, with its
 * timeline, messages, files and uploads (the AdminCaseRoom island). A room is a page of its own,
 * not a dialog over the list: it holds a thread and files the owner works through on a phone.
 */
import { Island } from "../../components/Island";
import type { SiteData } from "../../components/site";
import type { AdminCasesQuery } from "../../shared/admin-cases";
import type { PageDefinition } from "../page";
import { recordShell } from "./record-shell";
import { adminShellPage } from "./shell";

export function adminCasesPage(site: SiteData, query: AdminCasesQuery): PageDefinition {
  return adminShellPage(site, {
    ...recordShell("cases", null, "Case rooms", "Case room"),
    island: <Island name="AdminCases" props={{ initialQuery: query, timeZone: site.settings.timezone }} />,
  });
}

/** `reference`: a booking reference the path named (already checked and in capitals). */
export function adminCaseRoomPage(site: SiteData, reference: string): PageDefinition {
  return adminShellPage(site, {
    ...recordShell("cases", reference, "Case rooms", `Case room ${reference}`),
    island: <Island name="AdminCaseRoom" props={{ reference, timeZone: site.settings.timezone }} />,
  });
}
