/** /admin/login: the admin sign-in form (an island; the portal needs JavaScript for its token). */
import { Island } from "../../components/Island";
import type { SiteData } from "../../components/site";
import type { PageDefinition } from "../page";
import { adminShellPage } from "./shell";

export function adminLoginPage(site: SiteData, returnTo: string): PageDefinition {
  return adminShellPage(site, {
    path: "/admin/login",
    title: "Admin Login",
    island: <Island name="AdminLogin" props={{ returnTo }} />,
  });
}
