/**
 * The admins page's API and the own password change: listing, adding (the policy, a taken name),
 * ending another admin's sign-ins, removing (never oneself, never the last admin, also when two
 * removals race on two connections), and the audit entries each write leaves.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { createAdminToken, findAdminByUsername, removeAdminAccount } from "../../db/admins.server";
import { adminTokens, auditLog } from "../../db/schema";
import { hashPassword, verifyPassword } from "../../server/auth/crypto.server";
import { type AdminAccountList, type AdminAccountView, adminAccountMessages } from "../../shared/admin-admins";
import { adminTokenFor, adminWithToken } from "../../../tests/factories";
import { testOrigin } from "../../../tests/helpers/browser";
import { countRows, createTestApp, errorOf, type TestApp } from "../../../tests/helpers/test-app";
import { adminRead } from "../../../tests/helpers/admins";

const ownerPassword = "owner's long passphrase 2026";
let t: TestApp;
let owner: ReturnType<typeof adminWithToken>;
beforeEach(async () => {
  t = createTestApp();
  owner = adminWithToken(t.db, "owner", await hashPassword(ownerPassword));
});
afterEach(() => t.close());

const headers = (authorization: string) => ({ Authorization: authorization, Origin: testOrigin });
const get = (path: string, authorization = owner.authorization) => t.request(path, { headers: { Authorization: authorization } });
const post = (path: string, body: unknown = {}, authorization = owner.authorization) => t.json(path, body, { headers: headers(authorization) });
const del = (path: string, authorization = owner.authorization) => t.request(path, { method: "DELETE", headers: headers(authorization) });
const auditRows = () => t.db.select().from(auditLog).all();
const tokensOf = (adminId: number) => t.db.select().from(adminTokens).where(eq(adminTokens.adminId, adminId)).all().length;

async function list(authorization = owner.authorization): Promise<AdminAccountView[]> {
  return (await adminRead<AdminAccountList>(t, "/api/admin/admins", authorization)).admins;
}

describe("GET /api/admin/admins", () => {
  test("every admin, oldest first: two-factor, live sign-ins, last active, and who is asking; no hash or key", async () => {
    const now = Date.now();
    const ann = adminWithToken(t.db, "ann");
    createAdminToken(t.db, ann.adminId, now - 30 * 60_000);
    // An expired token is no sign-in.
    createAdminToken(t.db, ann.adminId, now - 9 * 60 * 60_000);
    t.db.$client.run("UPDATE admins SET totp_key = 'sealed-key', password_hash = 'secret-hash' WHERE id = ?", [ann.adminId]);
    const bob = t.db.$client
      .query("INSERT INTO admins (username, password_hash, created_at, updated_at) VALUES ('bob', 'x', ?, ?) RETURNING id")
      .get(now + 60_000, now + 60_000) as {
      id: number;
    };

    const admins = await list();
    expect(admins.map((a) => a.username)).toEqual(["owner", "ann", "bob"]);
    expect(admins[0]).toMatchObject({ id: owner.adminId, you: true, twoFactor: false, sessions: 1 });
    expect(admins[1]).toMatchObject({ id: ann.adminId, you: false, twoFactor: true, sessions: 2 });
    expect(Date.parse(admins[1]?.lastActiveAt ?? "")).toBeGreaterThanOrEqual(now - 1000);
    expect(admins[2]).toEqual({
      id: bob.id,
      username: "bob",
      role: "owner",
      createdAt: new Date(now + 60_000).toISOString(),
      twoFactor: false,
      sessions: 0,
      lastActiveAt: null,
      you: false,
    });
    expect(JSON.stringify(admins)).not.toMatch(/secret-hash|sealed-key/);
    // Asked by ann, ann is "you".
    expect((await list(ann.authorization)).find((a) => a.you)?.username).toBe("ann");
  });

  test("refused without a token", async () => {
    expect((await t.request("/api/admin/admins")).status).toBe(401);
    expect((await t.json("/api/admin/admins", { username: "eve", password: "a long enough passphrase" }, { headers: { Origin: testOrigin } })).status).toBe(
      401,
    );
  });
});

describe("POST /api/admin/admins", () => {
  test("adds an admin who can sign in with that password; audited without the password", async () => {
    const password = "the new admin's passphrase";
    const res = await post("/api/admin/admins", { username: "  Jo.Smith ", password });
    expect(res.status).toBe(201);
    const view = (await res.json()) as AdminAccountView;
    expect(view).toMatchObject({ username: "jo.smith", twoFactor: false, sessions: 0, lastActiveAt: null, you: false });
    const stored = findAdminByUsername(t.db, "jo.smith");
    expect(stored?.passwordHash.startsWith("$argon2id$")).toBe(true);
    expect(await verifyPassword(password, stored?.passwordHash ?? "")).toBe(true);
    const login = await t.json("/api/admin/login", { username: "jo.smith", password }, { headers: { Origin: testOrigin } });
    expect(login.status).toBe(200);

    const [entry] = auditRows();
    expect(entry).toMatchObject({
      kind: "admins",
      action: "admin.create",
      adminUsername: "owner",
      recordId: String(view.id),
      summary: "Added the admin jo.smith as owner",
    });
    expect(JSON.stringify(auditRows())).not.toContain(password);
    expect(JSON.stringify(auditRows())).not.toContain("argon2");
  });

  test("a taken username answers 409 and writes nothing", async () => {
    const before = countRows(t, "admins");
    const res = await post("/api/admin/admins", { username: "OWNER", password: "another long passphrase" });
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toMatchObject({ code: "username_taken", message: "That username is taken." });
    expect(countRows(t, "admins")).toBe(before);
    expect(auditRows()).toHaveLength(0);
  });

  test("a weak password or a bad username answers 400 with the field's message and writes nothing", async () => {
    const cases: [unknown, string, string][] = [
      [{ username: "jo", password: "short" }, "password", adminAccountMessages.passwordTooShort],
      [{ username: "jo", password: "password123" }, "password", adminAccountMessages.passwordCommon],
      [{ username: "jo", password: "x".repeat(129) }, "password", adminAccountMessages.passwordTooLong],
      [{ username: "jo", password: "a".repeat(12) }, "password", adminAccountMessages.passwordCommon],
      [{ username: "-jo", password: "a long enough passphrase" }, "username", adminAccountMessages.usernameRule],
      [{ username: "j", password: "a long enough passphrase" }, "username", adminAccountMessages.usernameRule],
      [{ username: "jo smith", password: "a long enough passphrase" }, "username", adminAccountMessages.usernameRule],
      [{ password: "a long enough passphrase" }, "username", adminAccountMessages.usernameRule],
      [{ username: "jo" }, "password", adminAccountMessages.passwordRequired],
    ];
    for (const [body, field, message] of cases) {
      const res = await post("/api/admin/admins", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(res)).fields?.[field]).toBe(message);
    }
    expect((await post("/api/admin/admins", "not json")).status).toBe(400);
    expect(countRows(t, "admins")).toBe(1);
    expect(auditRows()).toHaveLength(0);
  });
});

describe("POST /api/admin/admins/{id}/revoke-sessions", () => {
  test("ends every sign-in of that admin (their next request is 401), not the caller's; audited", async () => {
    const ann = adminWithToken(t.db, "ann");
    const annSecond = `Bearer ${createAdminToken(t.db, ann.adminId)}`;
    const res = await post(`/api/admin/admins/${ann.adminId}/revoke-sessions`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ended: 2 });
    expect((await get("/api/admin/me", ann.authorization)).status).toBe(401);
    expect((await get("/api/admin/me", annSecond)).status).toBe(401);
    expect((await get("/api/admin/me")).status).toBe(200);
    expect((await list()).find((a) => a.id === ann.adminId)?.sessions).toBe(0);
    expect(auditRows()).toEqual([
      expect.objectContaining({ kind: "admins", action: "admin.revoke_sessions", recordId: String(ann.adminId), summary: "Ended every sign-in of ann" }),
    ]);
  });

  test("one's own: 409 (Logout ends them), nothing ends; unknown: 404", async () => {
    const res = await post(`/api/admin/admins/${owner.adminId}/revoke-sessions`);
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toMatchObject({ code: "own_sessions", message: adminAccountMessages.ownSessions });
    expect(tokensOf(owner.adminId)).toBe(1);
    for (const id of ["999", "abc", "0", "1e3"]) expect((await post(`/api/admin/admins/${id}/revoke-sessions`)).status).toBe(404);
    expect(auditRows()).toHaveLength(0);
  });
});

describe("DELETE /api/admin/admins/{id}", () => {
  test("removes another admin: their tokens end, the audit log keeps their entries under their name", async () => {
    const ann = adminWithToken(t.db, "ann");
    // ann adds someone, so the log holds an entry of hers.
    expect((await post("/api/admin/admins", { username: "cy", password: "cy's long passphrase" }, ann.authorization)).status).toBe(201);

    const res = await del(`/api/admin/admins/${ann.adminId}`);
    expect(res.status).toBe(200);
    expect(findAdminByUsername(t.db, "ann")).toBeUndefined();
    expect(tokensOf(ann.adminId)).toBe(0);
    expect((await get("/api/admin/me", ann.authorization)).status).toBe(401);
    const entries = auditRows();
    expect(entries.map((e) => [e.adminUsername, e.action])).toEqual([
      ["ann", "admin.create"],
      ["owner", "admin.remove"],
    ]);
    expect(entries[1]).toMatchObject({ kind: "admins", recordId: String(ann.adminId), summary: "Removed the admin ann" });
    expect((await del(`/api/admin/admins/${ann.adminId}`)).status).toBe(404);
  });

  test("never oneself (409, ask another admin)", async () => {
    adminWithToken(t.db, "ann");
    const res = await del(`/api/admin/admins/${owner.adminId}`);
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toMatchObject({ code: "own_account", message: adminAccountMessages.removeSelf });
    expect(findAdminByUsername(t.db, "owner")).toBeDefined();
    expect(auditRows()).toHaveLength(0);
  });

  test("two admins removing each other at once: one succeeds, the other gets 409 or 404, one admin is left", async () => {
    const ann = adminWithToken(t.db, "ann");
    const [a, b] = await Promise.all([del(`/api/admin/admins/${ann.adminId}`), del(`/api/admin/admins/${owner.adminId}`, ann.authorization)]);
    const statuses = [a.status, b.status].sort();
    expect(statuses[0]).toBe(200);
    expect([401, 404, 409]).toContain(statuses[1] ?? 0);
    expect(countRows(t, "admins")).toBe(1);
  });

  test("the last admin cannot be removed, even by two removals racing on two connections", async () => {
    const ann = adminWithToken(t.db, "ann");
    const cy = adminWithToken(t.db, "cy");
    // Only ann and cy would be left: remove owner first, then have each remove the other at once.
    expect((await del(`/api/admin/admins/${owner.adminId}`, ann.authorization)).status).toBe(200);
    const file = join(t.dataDir, "pi-site.db");
    const startAt = Date.now() + 1500;
    const side = (actorId: number, actorName: string, targetId: number) =>
      Bun.spawn([process.execPath, "tests/helpers/remove-admin-race.ts", file, String(actorId), actorName, String(targetId), String(startAt)], {
        stdout: "pipe",
        stderr: "pipe",
      });
    const sides = [side(ann.adminId, "ann", cy.adminId), side(cy.adminId, "cy", ann.adminId)];
    const outcomes = await Promise.all(
      sides.map(async (p) => {
        const [out, err, code] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text(), p.exited]);
        expect(code, err).toBe(0);
        return JSON.parse(out) as { ok: boolean; reason?: string };
      }),
    );
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.find((o) => !o.ok)?.reason).toBe("last_admin");
    expect(countRows(t, "admins")).toBe(1);

    const left = t.db.$client.query("SELECT id, username FROM admins").get() as { id: number; username: string };
    const token = left.id === ann.adminId ? ann.authorization : cy.authorization;
    const res = await del(`/api/admin/admins/${left.id === ann.adminId ? cy.adminId : ann.adminId}`, token);
    expect(res.status).toBe(404);
    // Alone: asking to remove oneself says "ask another admin"; nobody else is left to remove.
    expect((await del(`/api/admin/admins/${left.id}`, token)).status).toBe(409);
  }, 20_000);

  test("with two admins, removing the other leaves one; the last is then refused 409", async () => {
    const ann = adminWithToken(t.db, "ann");
    expect((await del(`/api/admin/admins/${ann.adminId}`)).status).toBe(200);
    // A third admin added straight in the database tries to remove owner when owner is the last but them.
    const cy = adminWithToken(t.db, "cy");
    expect((await del(`/api/admin/admins/${owner.adminId}`, cy.authorization)).status).toBe(200);
    // Now cy is alone; a token of a removed admin is refused, and cy cannot remove cy.
    expect((await del(`/api/admin/admins/${cy.adminId}`, owner.authorization)).status).toBe(401);
    const self = await del(`/api/admin/admins/${cy.adminId}`, cy.authorization);
    expect(self.status).toBe(409);
    expect(countRows(t, "admins")).toBe(1);
  });
});

describe("POST /api/admin/account/password", () => {
  test("a wrong current password answers 400 under the field and changes nothing", async () => {
    const other = `Bearer ${createAdminToken(t.db, owner.adminId)}`;
    const hashBefore = findAdminByUsername(t.db, "owner")?.passwordHash;
    const res = await post("/api/admin/account/password", { currentPassword: "not the password", newPassword: "a brand new passphrase" });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toEqual({ currentPassword: adminAccountMessages.wrongCurrent });
    expect(findAdminByUsername(t.db, "owner")?.passwordHash).toBe(hashBefore ?? "");
    expect((await get("/api/admin/me", other)).status).toBe(200);
    expect(auditRows()).toHaveLength(0);
  });

  test("a weak new password answers 400 under the field, before the current one is looked at", async () => {
    const res = await post("/api/admin/account/password", { currentPassword: ownerPassword, newPassword: "short" });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toEqual({ newPassword: adminAccountMessages.passwordTooShort });
    const empty = await post("/api/admin/account/password", { currentPassword: "", newPassword: "a brand new passphrase" });
    expect((await errorOf(empty)).fields).toEqual({ currentPassword: adminAccountMessages.currentRequired });
  });

  test("the right one: new password set, the other sign-ins end, this one stays; audited as own account", async () => {
    const other = `Bearer ${createAdminToken(t.db, owner.adminId)}`;
    const newPassword = "a brand new passphrase";
    const res = await post("/api/admin/account/password", { currentPassword: ownerPassword, newPassword });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ended: 1 });
    expect((await get("/api/admin/me", other)).status).toBe(401);
    expect((await get("/api/admin/me")).status).toBe(200);
    const login = (password: string) => t.json("/api/admin/login", { username: "owner", password }, { headers: { Origin: testOrigin } });
    expect((await login(ownerPassword)).status).toBe(401);
    expect((await login(newPassword)).status).toBe(200);
    expect(auditRows()).toEqual([
      expect.objectContaining({ kind: "account", action: "password.change", adminUsername: "owner", summary: "Changed own password" }),
      expect.objectContaining({ kind: "signins", action: "signin.ok", adminUsername: "owner" }),
    ]);
    const logged = JSON.stringify(auditRows());
    expect(logged).not.toContain(newPassword);
    expect(logged).not.toContain(ownerPassword);
    expect(logged).not.toContain("argon2");
  });

  test("wrong current passwords count on the sign-in limit: the sixth try is 429", async () => {
    for (let i = 0; i < 5; i++)
      expect((await post("/api/admin/account/password", { currentPassword: `wrong ${i}`, newPassword: "a brand new passphrase" })).status).toBe(400);
    const res = await post("/api/admin/account/password", { currentPassword: ownerPassword, newPassword: "a brand new passphrase" });
    expect(res.status).toBe(429);
    expect(await verifyPassword(ownerPassword, findAdminByUsername(t.db, "owner")?.passwordHash ?? "")).toBe(true);
  });
});

describe("roles", () => {
  const patch = (id: number, body: unknown, authorization = owner.authorization) =>
    t.request(`/api/admin/admins/${id}`, {
      method: "PATCH",
      headers: { ...headers(authorization), "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });

  test("an owner adds staff; the list shows each admin's role; staff sign in and are staff", async () => {
    const res = await post("/api/admin/admins", { username: "sam", password: "a long enough passphrase", role: "staff" });
    expect(res.status).toBe(201);
    expect(((await res.json()) as AdminAccountView).role).toBe("staff");
    expect((await list()).map((a) => [a.username, a.role])).toEqual([
      ["owner", "owner"],
      ["sam", "staff"],
    ]);
    const bad = await post("/api/admin/admins", { username: "kim", password: "a long enough passphrase", role: "boss" });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).fields).toEqual({ role: adminAccountMessages.roleRequired });
    expect(countRows(t, "admins")).toBe(2);
  });

  test("an owner changes another admin's role, audited before and after; the change needs a recent password", async () => {
    const sam = adminWithToken(t.db, "sam", null, "staff");
    const stale = adminTokenFor(t.db, "owner", 11).authorization;
    expect((await errorOf(await patch(sam.adminId, { role: "owner" }, stale))).code).toBe("reauth_required");
    const res = await patch(sam.adminId, { role: "owner" });
    expect(res.status).toBe(200);
    expect(((await res.json()) as AdminAccountView).role).toBe("owner");
    expect(findAdminByUsername(t.db, "sam")?.role).toBe("owner");
    expect(auditRows().at(-1)).toMatchObject({ action: "admin.role", summary: "Made sam an owner", before: { role: "staff" }, after: { role: "owner" } });
    // Sam's live sign-in now reaches the owners' rooms.
    expect((await get("/api/admin/settings", sam.authorization)).status).toBe(200);
  });

  test("the last owner can be neither made staff nor removed; with a second owner they can", async () => {
    const me = findAdminByUsername(t.db, "owner")?.id ?? 0;
    const sam = adminWithToken(t.db, "sam", null, "staff");
    const refused = await patch(me, { role: "staff" });
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toEqual({ code: "last_owner", message: adminAccountMessages.lastOwner });
    expect(findAdminByUsername(t.db, "owner")?.role).toBe("owner");

    const olive = adminWithToken(t.db, "olive");
    expect((await patch(sam.adminId, { role: "owner" })).status).toBe(200);
    expect((await patch(sam.adminId, { role: "staff" })).status).toBe(200);
    // Olive is an owner too now: the owner may step down to staff.
    expect((await patch(me, { role: "staff" })).status).toBe(200);
    // Olive is the last owner: the (now staff) former owner cannot touch the admins at all.
    expect((await errorOf(await del(`/api/admin/admins/${olive.adminId}`))).code).toBe("owners_only");
    const oliveFresh = adminTokenFor(t.db, "olive").authorization;
    expect((await errorOf(await patch(olive.adminId, { role: "staff" }, oliveFresh))).code).toBe("last_owner");
    expect(findAdminByUsername(t.db, "olive")?.role).toBe("owner");
  });

  test("removing the last owner is refused even when other admins remain (the rule in the transaction, whoever asks)", () => {
    const sam = adminWithToken(t.db, "sam", null, "staff");
    const ownerId = findAdminByUsername(t.db, "owner")?.id ?? 0;
    expect(removeAdminAccount(t.db, { id: sam.adminId, username: "sam" }, ownerId)).toEqual({ ok: false, reason: "last_owner" });
    expect(findAdminByUsername(t.db, "owner")).toBeDefined();
  });
});
