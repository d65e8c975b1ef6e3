/** The shipped phone is a placeholder however it is written, so no customer reads it (decision 037, issue 40). */
import { expect, test } from "bun:test";
import { customerFacingSettings, isPlaceholder } from "./go-live";
import { defaultSettings } from "./settings";

test("the shipped phone numbers are placeholders in any spacing or in the national form; a real number is not", () => {
  for (const phone of ["+61 8 0000 0000", "+61800000000", "(08) 0000 0000", "08 0000-0000", " +61 (8) 0000 0000 "]) {
    expect({ phone, placeholder: isPlaceholder({ ...defaultSettings, phone }, "phone") }).toEqual({ phone, placeholder: true });
    expect(customerFacingSettings({ ...defaultSettings, phone }).phone).toBe("");
  }
  expect(isPlaceholder({ ...defaultSettings, whatsapp: "0400 000 001" }, "whatsapp")).toBe(true);
  for (const phone of ["+61 8 8123 4567", "(08) 8123 4567", "0400 000 000"]) {
    expect({ phone, placeholder: isPlaceholder({ ...defaultSettings, phone }, "phone") }).toEqual({ phone, placeholder: false });
  }
});
