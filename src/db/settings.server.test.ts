/**
 * The settings as every page reads them: checked against their schemas only when the stored rows
 * changed, yet always what the table holds now (another worker's save included), and each caller's
 * own copy.
 */
import { expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { testAppPerTest } from "../../tests/helpers/per-test";
import { defaultSettings } from "../shared/settings";
import { settings } from "./schema";
import { getSettings, updateSetting } from "./settings.server";

const t = testAppPerTest();

test("a value written straight into the table, as another worker's save is, is read at once; an invalid one falls back to its default", () => {
  expect(getSettings(t.db).businessName).toBe(defaultSettings.businessName);
  t.db
    .update(settings)
    .set({ value: JSON.stringify("Adelaide Private Eyes") })
    .where(eq(settings.key, "businessName"))
    .run();
  expect(getSettings(t.db).businessName).toBe("Adelaide Private Eyes");
  t.db.update(settings).set({ value: "not json" }).where(eq(settings.key, "businessName")).run();
  expect(getSettings(t.db).businessName).toBe(defaultSettings.businessName);
  expect(updateSetting(t.db, "businessName", "Eyes of Adelaide").ok).toBe(true);
  expect(getSettings(t.db).businessName).toBe("Eyes of Adelaide");
});

test("each read is the caller's own: setting a field of one changes neither the next read nor the table", () => {
  const first = getSettings(t.db);
  first.businessName = "Changed by a caller";
  expect(getSettings(t.db).businessName).toBe(defaultSettings.businessName);
  expect(getSettings(t.db)).not.toBe(getSettings(t.db));
});
