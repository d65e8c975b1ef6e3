import { expect, test } from "bun:test";
import { safeRedirectPath, safeReturnTo } from "./safe-redirect";

test("local paths are kept, with their query and fragment", () => {
  expect(safeRedirectPath("/dashboard")).toBe("/dashboard");
  expect(safeRedirectPath("/shop/product/gps-tracker?cart=added#top")).toBe("/shop/product/gps-tracker?cart=added#top");
  expect(safeRedirectPath("/contact?service=partner")).toBe("/contact?service=partner");
});

test("anything that could leave our origin becomes the fallback", () => {
  const hostile = [
    "//evil.com/",
    "///evil.com",
    "/\\evil.com",
    "\\\\evil.com",
    "/\t/evil.com",
    "/\n/evil.com",
    "/\r\n/evil.com",
    "/%09/evil.com".replace("%09", "\t"),
    "/./\x00/evil.com",
    "/.//evil.com",
    "/..//evil.com",
    "https://evil.com/",
    "http:evil.com",
    "javascript:alert(1)",
    "evil.com",
    "",
    " /dashboard",
    `/${"a".repeat(600)}`,
  ];
  for (const value of hostile) expect([value, safeRedirectPath(value)]).toEqual([value, "/"]);
  for (const value of [undefined, null, 42, ["/a"]]) expect(safeRedirectPath(value)).toBe("/");
});

test("the answer never carries a character that cannot go in a Location header", () => {
  expect(safeRedirectPath("/search?q=a b")).toBe("/search?q=a%20b");
  expect(safeRedirectPath("/café")).toBe("/caf%C3%A9");
  for (const value of ["/a\nb", "/a\u0085b", "/a\u2028b"]) expect(() => new Headers({ Location: safeRedirectPath(value) })).not.toThrow();
});

test("after sign-in, the default is the dashboard and the sign-in pages themselves are never a target", () => {
  expect(safeReturnTo(undefined)).toBe("/dashboard");
  expect(safeReturnTo("//evil.com")).toBe("/dashboard");
  expect(safeReturnTo("/login?returnTo=/login")).toBe("/dashboard");
  expect(safeReturnTo("/api/login")).toBe("/dashboard");
  expect(safeReturnTo("/%09/evil.com".replace("%09", "\t"), "/cart")).toBe("/cart");
  expect(safeReturnTo("/shop")).toBe("/shop");
});
