import { expect, test } from "bun:test";
import { adminUserName, adminUsersList } from "./admin-users";

test("the list's URL: search cleaned and encoded, page 1 and an empty search left out", () => {
  const url = (search: string, page: number) => adminUsersList.apiUrl({ search: adminUsersList.filters.search.clean(search), page });
  expect(url("", 1)).toBe("/api/admin/users");
  expect(url("  ann lee ", 1)).toBe("/api/admin/users?search=ann+lee");
  expect(url("a&b=%", 3)).toBe("/api/admin/users?search=a%26b%3D%25&page=3");
  expect(url(" ", 2)).toBe("/api/admin/users?page=2");
  expect(adminUsersList.pageUrl({ search: "ann", page: 2 })).toBe("/admin/users?search=ann&page=2");
});

test("the query schema reads what the URL holds", () => {
  expect(adminUsersList.schema.parse({})).toEqual({ search: "", page: 1 });
  expect(adminUsersList.schema.parse({ search: " ann ", page: "3" })).toEqual({ search: "ann", page: 3 });
  for (const page of ["0", "-2", "2.5", "1e3", "", "1000000"]) expect(adminUsersList.schema.safeParse({ page }).success).toBe(false);
});

test("a user's name: first and last, or the e-mail when neither is known", () => {
  expect(adminUserName({ firstName: "Ann", lastName: "Lee", email: "a@example.com" })).toBe("Ann Lee");
  expect(adminUserName({ firstName: null, lastName: "Lee", email: "a@example.com" })).toBe("Lee");
  expect(adminUserName({ firstName: null, lastName: null, email: "a@example.com" })).toBe("a@example.com");
});
