import { expect, test } from "bun:test";
import { changeRows, hasChanges } from "./change-rows";

test("a price change: each field with its value before and after, the changed ones marked", () => {
  expect(changeRows({ price: "120.00", salePrice: null }, { price: "99.00", salePrice: null })).toEqual([
    { field: "Price", before: "120.00", after: "99.00", changed: true },
    { field: "Sale price", before: "none", after: "none", changed: false },
  ]);
});

test("nested settings and lists are flattened; a delete has nothing after", () => {
  expect(changeRows({ hero: { title: "A", points: ["x", "y"] } }, { hero: { title: "B", points: ["x"] } })).toEqual([
    { field: "Hero · Title", before: "A", after: "B", changed: true },
    { field: "Hero · Points", before: "x, y", after: "x", changed: true },
  ]);
  expect(changeRows({ name: "Cam", price: "10.00" }, null)).toEqual([
    { field: "Name", before: "Cam", after: "—", changed: true },
    { field: "Price", before: "10.00", after: "—", changed: true },
  ]);
  expect(hasChanges(null, null)).toBe(false);
  expect(hasChanges(null, { a: 1 })).toBe(true);
});
