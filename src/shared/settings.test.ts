/**
 * The settings' declarations are complete: every setting has a label, a section of the form and a
 * way to be drawn; its default is a value it may hold; a placeholder is something customers see and
 * a guarded change says why (decisions 037, 056).
 */
import { describe, expect, test } from "bun:test";
import { placeholderSettingKeys } from "./go-live";
import { settingSections } from "./settings-form";
import { defaultSettings, settingDeclarations, settingKeys, settingsSchema } from "./settings";
import { z } from "./zod-mini";

describe.each(settingKeys)("%s", (key) => {
  const declared = settingDeclarations[key];

  test("has a label, a section of the form and a way to be drawn", () => {
    expect(declared.label.trim()).not.toBe("");
    expect(Object.keys(settingSections)).toContain(declared.section);
    expect(["text", "number", "switch", "alert", "select", "own"]).toContain(declared.field.kind);
  });

  test("its default is a value it may hold and, unless it is a made-up placeholder, one the owner may save", () => {
    expect(z.safeParse(declared.stored, declared.default).success).toBe(true);
    expect(defaultSettings[key]).toEqual(declared.default as never);
    if (!declared.placeholder) expect(z.safeParse(declared.check, declared.default).success).toBe(true);
  });
});

test("no two settings share a label, and every section of the form holds a setting", () => {
  const labels = settingKeys.map((key) => settingDeclarations[key].label);
  expect(new Set(labels).size).toBe(labels.length);
  const used = new Set(settingKeys.map((key) => settingDeclarations[key].section));
  expect(Object.keys(settingSections).filter((section) => !used.has(section as never))).toEqual([]);
});

test("a placeholder is always something customers see; the placeholders are the shipped business details", () => {
  expect(placeholderSettingKeys.filter((key) => !settingDeclarations[key].customersSee)).toEqual([]);
  expect<string[]>([...placeholderSettingKeys].sort()).toEqual(
    ["bankAccountNumber", "bankBsb", "btcAddress", "email", "ethAddress", "messenger", "phone", "signal", "usdcSolAddress", "whatsapp"].sort(),
  );
});

test("the defaults are what the stored schema gives for an empty store", () => {
  expect(settingsSchema.parse({})).toEqual(defaultSettings);
  expect(Object.keys(defaultSettings)).toEqual(settingKeys);
});
