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
