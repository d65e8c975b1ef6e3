/**
 * The case rooms' shells: /admin/cases (the list) and /admin/cases/{reference} (one room), for
 * owners and staff alike (both work cases, decision 079), holding no case data: the islands read it
 * from the API with the admin cookie.
 */
import { expect, test } from "bun:test";
import { adminWithToken, caseMessageOf, customerWithBooking } from "../../../tests/factories";
import { expectAdminShell } from "../../../tests/helpers/admin-shell";
import { testAppPerFile } from "../../../tests/helpers/per-test";

const t = testAppPerFile();
const cookie = (token: string) => ({ Cookie: `pi_admin=${token}` });

test("the list and a room answer owners and staff with their island, the room marked in the menu, and no case data", async () => {
  const { reference } = customerWithBooking(t.db, "ivy-case@example.com");
  caseMessageOf(t.db, reference, "client", "The secret address is 12 Hidden Lane.");
  const owner = adminWithToken(t.db, "olive");
  const staff = adminWithToken(t.db, "sam", undefined, "staff");
  for (const headers of [{}, cookie(owner.token), cookie(staff.token)]) {
    const list = await expectAdminShell(t, "/admin/cases?status=in_progress", { title: "Case rooms", island: "AdminCases", headers });
    expect(list).toContain('"initialQuery":{"status":"in_progress","page":1}');
    expect(list).toMatch(/href="\/admin\/cases" aria-current="page"/);

    const room = await expectAdminShell(t, `/admin/cases/${reference.toLowerCase()}`, { title: `Case room ${reference}`, island: "AdminCaseRoom", headers });
    expect(room).toContain(`"reference":"${reference}"`);
    expect(room).toMatch(/href="\/admin\/cases" aria-current="page"/);
    expect(room).not.toContain("Hidden Lane");
    expect(room).not.toContain("ivy-case@example.com");
  }
});

test("a room's address is the reference in lowercase; capitals are sent there, and what is not a reference is not found", async () => {
  const res = await t.request("/admin/cases/BK-W6QZ-YYSW");
  expect(res.status).toBe(301);
  expect(res.headers.get("location")).toBe("/admin/cases/bk-w6qz-yysw");
  for (const path of ["/admin/cases/pi-7kq4-m2xd", "/admin/cases/12", "/admin/cases/bk-0000"]) expect((await t.request(path)).status).toBe(404);
});

test("a malformed status filter in the address falls back to every room", async () => {
  const html = await (await t.request("/admin/cases?status=lost&page=x")).text();
  expect(html).toContain('"initialQuery":{"status":null,"page":1}');
});
