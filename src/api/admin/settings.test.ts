import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { auditLog } from "../../db/schema";
import { defaultSettings, type Settings } from "../../shared/settings";
import { adminWithToken } from "../../../tests/factories";
import { testOrigin } from "../../../tests/helpers/browser";
import { customerWithSession } from "../../../tests/factories";
import { createTestApp, type ErrorBody, type TestApp } from "../../../tests/helpers/test-app";
import { adminRead } from "../../../tests/helpers/admins";

let t: TestApp;
let authorization: string;
let seeded: unknown[];
beforeEach(() => {
  t = createTestApp();
  authorization = adminWithToken(t.db, "owner").authorization;
  seeded = stored();
});
afterEach(() => t.close());

const put = (body: unknown, auth = authorization) =>
  t.request("/api/admin/settings", {
    method: "PUT",
    headers: { Authorization: auth, Origin: testOrigin, "Content-Type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
const get = () => adminRead<Settings>(t, "/api/admin/settings", authorization);
const stored = () => t.db.$client.query("SELECT key, value FROM settings ORDER BY key").all();
/** The stored rows that differ from the seeded ones, key to stored JSON. */
const storedChanges = () => {
  const before = new Map((seeded as { key: string; value: string }[]).map((r) => [r.key, r.value]));
  return Object.fromEntries((stored() as { key: string; value: string }[]).filter((r) => before.get(r.key) !== r.value).map((r) => [r.key, r.value]));
};
const audits = () => t.db.select().from(auditLog).all();

/** PUTs `body` and expects a 400 naming `field` with `message`, and nothing written or recorded. */
async function refused(body: Record<string, unknown>, field: string, message?: string) {
  const before = stored();
  const recorded = audits().length;
  const res = await put(body);
  expect(res.status).toBe(400);
  const error = ((await res.json()) as ErrorBody).error;
  expect(error.code).toBe("validation_error");
  expect(Object.keys(error.fields ?? {})).toContain(field);
  if (message) expect(error.fields?.[field]).toBe(message);
  expect(stored()).toEqual(before);
  expect(audits()).toHaveLength(recorded);
}

async function accepted(body: Partial<Settings>) {
  const res = await put(body);
  expect(res.status).toBe(200);
  return (await res.json()) as Settings;
}

describe("the token", () => {
  test("GET and PUT answer 401 without an admin token, and a customer's session is not one", async () => {
    const { cookie } = customerWithSession(t.db, "ann@example.com");
    expect((await t.request("/api/admin/settings")).status).toBe(401);
    expect((await t.request("/api/admin/settings", { headers: { Cookie: cookie } })).status).toBe(401);
    expect((await put({ phone: "+61 8 1111 2222" }, "Bearer not-a-token")).status).toBe(401);
    expect(stored()).toEqual(seeded);
  });
});

describe("GET /api/admin/settings", () => {
  test("every setting, the defaults until one is saved, then the saved value", async () => {
    expect(await get()).toEqual(defaultSettings);
    await accepted({ phone: "+61 8 1111 2222" });
    expect(await get()).toEqual({ ...defaultSettings, phone: "+61 8 1111 2222" });
  });
});

describe("PUT /api/admin/settings", () => {
  test("a partial object saves its keys, trimmed, and answers every setting", async () => {
    const saved = await accepted({ phone: "  (08) 8123 4567 ", flatShippingFee: 12.5, gstEnabled: false });
    expect(saved).toEqual({ ...defaultSettings, phone: "(08) 8123 4567", flatShippingFee: 12.5, gstEnabled: false });
    expect(storedChanges()).toEqual({ flatShippingFee: "12.5", gstEnabled: "false", phone: '"(08) 8123 4567"' });
  });

  test("the whole object as GET gave it, with one change, saves only that key (an untouched placeholder address is not judged again)", async () => {
    const saved = await accepted({ ...(await get()), email: "office@example.com" });
    expect(saved.email).toBe("office@example.com");
    expect(storedChanges()).toEqual({ email: '"office@example.com"' });
  });

  test("each changed key gets one audit entry with its before and after, in the admin's name; unchanged keys none", async () => {
    const hours = { start: "08:30", end: "16:00", slotMinutes: 90, days: [1, 2, 3] };
    await accepted({ phone: "+61 8 1111 2222", businessName: defaultSettings.businessName, businessHours: hours, cryptoDiscountPercent: 10 });
    const entries = audits();
    expect(entries.map((e) => [e.kind, e.action, e.recordId, e.adminUsername])).toEqual([
      ["settings", "setting.update", "phone", "owner"],
      ["settings", "setting.update", "businessHours", "owner"],
    ]);
    expect(entries[0]).toMatchObject({ before: defaultSettings.phone, after: "+61 8 1111 2222", summary: 'Changed the setting "Phone"' });
    expect(entries[1]).toMatchObject({ before: defaultSettings.businessHours, after: hours });
    // The same values again change nothing and record nothing.
    await accepted({ phone: "+61 8 1111 2222", businessHours: hours });
    expect(audits()).toHaveLength(2);
  });

  test("all keys are written together: one refused value writes none of the others", async () => {
    await refused(
      { phone: "+61 8 1111 2222", email: "office@example.com", flatShippingFee: -1 },
      "flatShippingFee",
      "Enter an amount of 0 or more with at most 2 decimal places",
    );
  });

  test("a key that is not a setting, a body that is not an object, and malformed JSON are 400s", async () => {
    await refused({ phone: "+61 8 1111 2222", colour: "blue" }, "colour", "Not a setting");
    for (const body of ["[1, 2]", '"phone"', "{not json"]) {
      const res = await put(body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorBody).error.code).toBe("validation_error");
    }
    expect(stored()).toEqual(seeded);
  });

  test("business name, e-mail and phone numbers", async () => {
    await refused({ businessName: "  " }, "businessName", "Enter the business name (up to 100 characters)");
    await refused({ businessName: "x".repeat(101) }, "businessName");
    await refused({ email: "office@" }, "email", "Enter an e-mail address such as enquiries@example.com");
    await refused({ email: "two words@example.com" }, "email");
    await refused({ phone: "" }, "phone", "Enter the phone number");
    await refused({ phone: "call 0400" }, "phone", "Use digits, spaces, +, -, ( and ) only, with 6 to 15 digits");
    await refused({ phone: "12345" }, "phone");
    await refused({ signal: "+61 4OO 000 000" }, "signal");
    await refused({ whatsapp: 61400000000 }, "whatsapp");
    await refused({ messenger: "m".repeat(101) }, "messenger");
    const saved = await accepted({ signal: "", whatsapp: "+61-400-123-456", messenger: "", email: " owner@example.com.au " });
    expect(saved).toMatchObject({ signal: "", whatsapp: "+61-400-123-456", messenger: "", email: "owner@example.com.au" });
  });

  describe("crypto addresses by their coin's format, or empty", () => {
    const valid = {
      btcAddress: [
        "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
        "BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ",
        "bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297",
        "1BoatSLRHtKNngkdXEeobR76b53LETtpyT",
        "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy",
        "",
      ],
      ethAddress: ["0x52908400098527886E0F7030069857D2E4169EE7", "0xde709f2102306220921060314715629080e2fb77", ""],
      usdcSolAddress: ["4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T", "11111111111111111111111111111111", ""],
    } as const;
    const invalid = {
      btcAddress: [
        "bc1q-not-an-address-at-all-000000000",
        "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdb",
        "Bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
        "bc1qshort",
        "2BoatSLRHtKNngkdXEeobR76b53LETtpyT",
        "1BoatSLRHtKNngkdXEeobR76b53LETtpy0",
        "0x52908400098527886E0F7030069857D2E4169EE7",
      ],
      ethAddress: [
        "52908400098527886E0F7030069857D2E4169EE7",
        "0x52908400098527886E0F7030069857D2E4169EE",
        "0x52908400098527886E0F7030069857D2E4169EEG",
        "0X52908400098527886E0F7030069857D2E4169EE7",
      ],
      usdcSolAddress: [
        "4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB40",
        "4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp",
        "4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T12",
        "0x52908400098527886E0F7030069857D2E4169EE7",
      ],
    } as const;
    const messages = {
      btcAddress: "Enter a Bitcoin address starting with bc1, 1 or 3, or leave it empty",
      ethAddress: "Enter an Ethereum address: 0x and 40 hexadecimal characters, or leave it empty",
      usdcSolAddress: "Enter a Solana address of 32 to 44 base58 characters, or leave it empty",
    };
    for (const key of ["btcAddress", "ethAddress", "usdcSolAddress"] as const) {
      test(`${key}: valid ones saved, invalid ones refused with the coin's message`, async () => {
        for (const address of invalid[key]) await refused({ [key]: address }, key, messages[key]);
        for (const address of valid[key]) expect((await accepted({ [key]: address }))[key]).toBe(address);
      });
    }
  });

  test("bank BSB and account number as the stored schema says", async () => {
    await refused({ bankBsb: "06500" }, "bankBsb", "Use a 6-digit BSB such as 065-000");
    await refused({ bankBsb: "065 000" }, "bankBsb");
    await refused({ bankAccountNumber: "1234" }, "bankAccountNumber", "Use the 5 to 10 digits of the account number");
    await refused({ bankAccountNumber: "12345678901" }, "bankAccountNumber");
    await refused({ bankAccountName: "n".repeat(101) }, "bankAccountName");
    expect(await accepted({ bankBsb: "065000", bankAccountNumber: "" })).toMatchObject({ bankBsb: "065000", bankAccountNumber: "" });
    expect(await accepted({ bankBsb: "065-001", bankAccountNumber: "1234567890" })).toMatchObject({ bankBsb: "065-001", bankAccountNumber: "1234567890" });
  });

  test("the timezone must be one the runtime knows", async () => {
    await refused({ timezone: "Australia/Springfield" }, "timezone", "Enter a timezone such as Australia/Adelaide");
    await refused({ timezone: "" }, "timezone");
    await refused({ timezone: "+09:30" }, "timezone");
    expect((await accepted({ timezone: "Australia/Darwin" })).timezone).toBe("Australia/Darwin");
  });

  test("business hours: HH:MM, start before end, a slot that fits, weekdays 0 to 6 each once", async () => {
    const hours = defaultSettings.businessHours;
    await refused({ businessHours: { ...hours, start: "9:00" } }, "businessHours.start", "Use HH:MM, such as 09:00");
    await refused({ businessHours: { ...hours, end: "24:00" } }, "businessHours.end");
    await refused({ businessHours: { ...hours, start: "17:00", end: "09:00" } }, "businessHours.end", "The day must end after it starts");
    await refused({ businessHours: { ...hours, start: "09:00", end: "09:00" } }, "businessHours.end");
    await refused(
      { businessHours: { ...hours, start: "09:00", end: "10:00", slotMinutes: 90 } },
      "businessHours.slotMinutes",
      "At least one slot must fit between the start and the end",
    );
    await refused({ businessHours: { ...hours, slotMinutes: 10 } }, "businessHours.slotMinutes", "Use 15 to 240 minutes");
    await refused({ businessHours: { ...hours, days: [1, 1, 2] } }, "businessHours.days", "Each weekday once");
    await refused({ businessHours: { ...hours, days: [1, 7] } }, "businessHours.days.1");
    await refused({ businessHours: { ...hours, days: [] } }, "businessHours.days", "Tick at least one weekday");
    await refused({ businessHours: "9 to 5" }, "businessHours");
    const next = { start: "10:00", end: "18:30", slotMinutes: 30, days: [0, 6] };
    expect((await accepted({ businessHours: next })).businessHours).toEqual(next);
  });

  test("discount percents from 0 to 90", async () => {
    for (const key of ["newClientDiscountPercent", "cryptoDiscountPercent"] as const) {
      await refused({ [key]: 91 }, key, "Use a percentage from 0 to 90");
      await refused({ [key]: -1 }, key);
      await refused({ [key]: "20" }, key);
    }
    expect(await accepted({ newClientDiscountPercent: 90, cryptoDiscountPercent: 12.5 })).toMatchObject({
      newClientDiscountPercent: 90,
      cryptoDiscountPercent: 12.5,
    });
  });

  test("money: 0 or more with at most two decimals; GST on or off", async () => {
    for (const key of ["freeShippingThreshold", "flatShippingFee"] as const) {
      await refused({ [key]: -0.01 }, key, "Enter an amount of 0 or more with at most 2 decimal places");
      await refused({ [key]: 9.999 }, key);
      await refused({ [key]: "15" }, key);
      await refused({ [key]: null }, key);
    }
    await refused({ gstEnabled: "yes" }, "gstEnabled", "Must be on or off");
    expect(await accepted({ freeShippingThreshold: 0, flatShippingFee: 9.95, gstEnabled: false })).toMatchObject({
      freeShippingThreshold: 0,
      flatShippingFee: 9.95,
      gstEnabled: false,
    });
  });

  test("hold times, response time and pending bookings: whole numbers in their ranges", async () => {
    const cases = [
      ["manualOrderHoldDays", 0, 31, 30, "Use 1 to 30 days"],
      ["paypalOrderHoldMinutes", 9, 1441, 10, "Use 10 to 1440 minutes"],
      ["responseTimeHours", 0, 73, 72, "Use 1 to 72 hours"],
      ["maxPendingBookings", 0, 101, 1, "Use 1 to 100 bookings"],
    ] as const;
    for (const [key, below, above, ok, message] of cases) {
      await refused({ [key]: below }, key, message);
      await refused({ [key]: above }, key, message);
      await refused({ [key]: ok + 0.5 }, key, message);
      expect((await accepted({ [key]: ok }))[key]).toBe(ok);
    }
  });

  test("a change shows on the next public page request: the phone on /contact, the business name in every page's footer", async () => {
    const page = async (path: string) => {
      const res = await t.request(path);
      expect(res.status).toBe(200);
      return await res.text();
    };
    const first = await page("/contact");
    // The shipped phone number is made up: customers never see it (decision 037).
    expect(first).not.toContain(defaultSettings.phone);
    expect(first).toContain(`© ${new Date().getFullYear()} ${defaultSettings.businessName}.`);
    await accepted({ phone: "+61 8 7777 1234", businessName: "Southern Cross Inquiries" });
    const next = await page("/contact");
    expect(next).toContain("+61 8 7777 1234");
    expect(next).not.toContain(defaultSettings.phone);
    expect(next).toContain(`© ${new Date().getFullYear()} Southern Cross Inquiries.`);
  });
});

describe("e-mails to one address per hour", () => {
  test("a whole number from 1 to 50, 5 until changed", async () => {
    expect((await get()).customerMailPerHour).toBe(5);
    for (const bad of [0, 51, 2.5, "3", null]) await refused({ customerMailPerHour: bad }, "customerMailPerHour", "Use 1 to 50 e-mails");
    expect((await accepted({ customerMailPerHour: 50 })).customerMailPerHour).toBe(50);
  });

  test("the owner's limit holds from the next request: the third payment request to one address is refused and says so", async () => {
    await accepted({ customerMailPerHour: 2 });
    const request = (n: number) => {
      t.setIp(`198.51.100.${n}`);
      return t.json(
        "/api/payment-requests",
        { serviceId: "partner", method: "instructions", email: "victim@example.com" },
        { headers: { Origin: testOrigin } },
      );
    };
    expect((await request(1)).status).toBe(201);
    expect((await request(2)).status).toBe(201);
    const third = await request(3);
    expect(third.status).toBe(429);
    const error = ((await third.json()) as ErrorBody).error;
    expect(error).toMatchObject({ code: "mail_limited" });
    expect(error.message).toContain("We have already sent 2 e-mails to this address in the last hour.");
    expect(t.db.$client.query("SELECT count(*) AS n FROM payments").get()).toEqual({ n: 2 });
  });
});
