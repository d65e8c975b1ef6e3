/** Admin accounts on the compiled binary: the first admin at first start, ADMIN_*, and `pi-site admin …`. */
import { expect } from "@playwright/test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cli, type RunningSite, startBinary, stopBinary } from "./binary-cli";
import { adminTokenFrom } from "../helpers/admin-session";
import { test } from "./fixtures";

let dataDir: string;
let site: RunningSite | undefined;
test.beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), "pi-site-admin-e2e-"));
});
test.afterEach(async () => {
  if (site) await stopBinary(site);
  site = undefined;
  rmSync(dataDir, { recursive: true, force: true });
});

async function login(url: string, username: string, password: string) {
  const res = await fetch(`${url}/api/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
  return { status: res.status, token: res.ok ? adminTokenFrom(res) : null };
}
const me = (url: string, token: string | null) => fetch(`${url}/api/admin/me`, { headers: { Authorization: `Bearer ${token}` } }).then((r) => r.status);

test("a first start creates `admin` with a random password shown once in the log; it signs in", async () => {
  site = await startBinary(dataDir);
  // The log is JSON lines, so the quotes around the name arrive escaped.
  const password = /created the admin \\"admin\\" with the password (\S+) \./.exec(site.logs.join(""))?.[1];
  expect(password, site.logs.join("")).toBeDefined();
  const first = await login(site.url, "admin", password ?? "");
  expect(first.status).toBe(200);
  expect(await me(site.url, first.token)).toBe(200);
  await stopBinary(site);
  site = await startBinary(dataDir);
  expect(site.logs.join("")).not.toContain("with the password");
});

test("ADMIN_USERNAME and ADMIN_PASSWORD give that admin, and no random one", async () => {
  site = await startBinary(dataDir, undefined, { ADMIN_USERNAME: "owner", ADMIN_PASSWORD: "the owner's long passphrase" });
  expect(site.logs.join("")).not.toContain("with the password");
  expect((await login(site.url, "owner", "the owner's long passphrase")).status).toBe(200);
  expect((await login(site.url, "admin", "anything at all here")).status).toBe(401);
});

test("`pi-site admin create` and `reset-password` work on the running site's database", async () => {
  site = await startBinary(dataDir, undefined, { ADMIN_USERNAME: "owner", ADMIN_PASSWORD: "the owner's long passphrase" });
  const created = cli(dataDir, ["admin", "create", "Deputy", "--password-stdin"], {}, "the deputy's long passphrase\n");
  expect(created.code, created.stderr).toBe(0);
  expect(created.stdout).toContain('admin "deputy" created');
  const signedIn = await login(site.url, "deputy", "the deputy's long passphrase");
  expect(signedIn.status).toBe(200);

  const weak = cli(dataDir, ["admin", "reset-password", "deputy", "--password-stdin"], {}, "password\n");
  expect(weak.code).toBe(1);
  const reset = cli(dataDir, ["admin", "reset-password", "deputy", "--password-stdin"], {}, "a brand new deputy passphrase\n");
  expect(reset.code, reset.stderr).toBe(0);
  expect(await me(site.url, signedIn.token)).toBe(401); // every sign-in of that admin has ended
  expect((await login(site.url, "deputy", "the deputy's long passphrase")).status).toBe(401);
  expect((await login(site.url, "deputy", "a brand new deputy passphrase")).status).toBe(200);

  expect(cli(dataDir, ["admin", "create"]).code).toBe(2);
  expect(cli(dataDir, ["admin", "create", "someone"], {}, "").code).toBe(2); // no terminal to prompt on
});

test("the signInAdmin fixture creates an admin and a live token straight in the site's database", async ({ signInAdmin, page, site: shared }) => {
  const { token } = await signInAdmin("fixture-owner");
  expect(await me(shared.url, token)).toBe(200);
  await page.goto("/about");
  expect((await page.context().cookies()).filter((c) => c.name === "pi_admin").map((c) => [c.path, c.value, c.httpOnly])).toEqual([
    ["/api/admin", token, true],
    ["/admin", token, true],
  ]);
});
