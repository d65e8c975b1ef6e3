/** /admin/settings: the owner's business settings in sections (the AdminSettings island). */
import { Island } from "../../components/Island";
import type { SiteData } from "../../components/site";
import type { PageDefinition } from "../page";
import { adminShellPage } from "./shell";

export function adminSettingsPage(site: SiteData): PageDefinition {
  return adminShellPage(site, { path: "/admin/settings", title: "Settings", island: <Island name="AdminSettings" props={{}} /> });
}
