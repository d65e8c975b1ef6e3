import { expect, test } from "bun:test";
import { canonicalPath, rawPath } from "./canonical-path";

test("canonical paths are lowercase without a trailing slash", () => {
  expect(canonicalPath("/")).toBe("/");
  expect(canonicalPath("/Services")).toBe("/services");
  expect(canonicalPath("/about/")).toBe("/about");
  expect(canonicalPath("/shop/product/GPS-Tracker//")).toBe("/shop/product/gps-tracker");
});

test("hashed assets keep their case", () => {
  expect(canonicalPath("/assets/ContactForm-ab12.js")).toBe("/assets/ContactForm-ab12.js");
});

test("the raw path ignores the query", () => {
  expect(rawPath("http://x.test/Contact/?a=B")).toBe("/Contact/");
  expect(rawPath("http://x.test")).toBe("/");
});

test("a path that starts with several slashes or a backslash is redirected on our own origin only", async () => {
  const { createTestApp } = await import("../../../tests/helpers/test-app");
  const t = createTestApp();
  try {
    for (const path of ["//evil.com/", "///evil.com/", "/\\evil.com", "/%2F%2Fevil.com", "//Evil.com", "/\\/evil.com"]) {
      const res = await t.app.fetch(new Request(`http://localhost${path}`));
      const location = res.headers.get("location");
      expect([path, res.status]).not.toEqual([path, 500]);
      if (location === null) continue;
      expect([path, location.startsWith("/") && !location.startsWith("//") && !location.includes("\\")]).toEqual([path, true]);
      expect([path, new URL(location, "http://localhost").origin]).toEqual([path, "http://localhost"]);
    }
  } finally {
    t.close();
  }
});

test("canonical paths collapse repeated slashes, so none can start with two", () => {
  expect(canonicalPath("//evil.com/")).toBe("/evil.com");
  expect(canonicalPath("///a//b")).toBe("/a/b");
});
