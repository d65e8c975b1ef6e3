/** /admin/account: "Your account", the signed-in admin's own settings (two-factor sign-in). */
import { Island } from "../../components/Island";
import type { SiteData } from "../../components/site";
import type { PageDefinition } from "../page";
import { adminShellPage } from "./shell";

export function adminAccountPage(site: SiteData): PageDefinition {
  return adminShellPage(site, {
    path: "/admin/account",
    title: "Your account",
    island: <Island name="AdminAccount" props={{}} />,
  });
}
