/**
 * Which settings need the password again (decision 056), walked over every declaration: a change to a
 * guarded setting on a sign-in older than 10 minutes answers 403 `reauth_required` and writes nothing
 * (no row, no audit entry); right after sign-in it saves. Every other setting saves on an old sign-in.
 * A stolen token can no longer point the business's e-mail at an attacker (issue 33, finding 5).
 */
import { describe, expect, test } from "bun:test";
import { createAdmin, createAdminToken } from "../../db/admins.server";
import { getSettings } from "../../db/settings.server";
import { passwordAgain, reauthSettingKeys } from "../../shared/admin-settings";
import { type SettingKey, type Settings, settingKeys } from "../../shared/settings";
import { testOrigin } from "../../../tests/helpers/browser";
import { countRows, errorOf } from "../../../tests/helpers/test-app";
import { testAppPerFile } from "../../../tests/helpers/per-test";

const t = testAppPerFile();
const minute = 60_000;

/** A value the owner may save for each setting, other than its default: a new setting needs one here to compile. */
const anotherValue: { [K in SettingKey]: Settings[K] } = {
  businessName: "Harbour Lane Inquiries",
  abn: "51 824 753 556",
  phone: "+61 8 7000 1234",
  email: "owner@harbour-lane.com.au",
  signal: "+61 400 123 456",
  whatsapp: "+61 400 123 457",
  messenger: "harbour.lane",
  streetAddress: "1 King William Street",
  postalCode: "5000",
  btcAddress: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
  ethAddress: "0x52908400098527886E0F7030069857D2E4169EE7",
  usdcSolAddress: "4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T",
  paymentPlansEnabled: false,
  paymentPlanServiceIds: "infidelity, fullcheating",
  paymentPlanMinimumTotal: 500,
  paymentPlanIntervalDays: 30,
  paymentPlanReminderDays: 5,
  bankAccountName: "Harbour Lane Pty Ltd",
  bankBsb: "065-000",
  bankAccountNumber: "12345678",
  currency: "AUD",
  newClientDiscountPercent: 20,
  cryptoDiscountPercent: 5,
  freeShippingThreshold: 150,
  flatShippingFee: 9.95,
  gstEnabled: false,
  manualOrderHoldDays: 7,
  paypalOrderHoldMinutes: 720,
  maxOpenOrders: 5,
  maxUnitsPerProduct: 50,
  timezone: "Australia/Darwin",
  businessHours: { start: "10:00", end: "18:00", slotMinutes: 30, days: [1, 2, 3] },
  maxPendingBookings: 10,
  rescheduleCutoffHours: 48,
  bookingReminderHours: 48,
  responseTimeHours: 4,
  calendarTitle: "Meeting",
  customerMailPerHour: 50,
  reviewInviteDays: 10,
  alertNewEnquiries: false,
  alertNewOrders: false,
  alertNewBookings: false,
  alertCustomerCancellations: false,
  alertCaseRoomActivity: false,
  dailyDigest: true,
  dailyDigestHour: 7,
  backupEveryHours: 6,
  backupHour: 2,
  caseFileRetentionDays: 30,
  caseFilesQuotaGb: 200,
  workerProcesses: 2,
};

let admins = 0;
/** A bearer header for a new owner who signed in `minutesAgo` minutes ago. */
function ownerSignedIn(minutesAgo: number) {
  const admin = createAdmin(t.db, `owner-${++admins}`, "not a usable hash")!;
  return `Bearer ${createAdminToken(t.db, admin.id, Date.now() - minutesAgo * minute)}`;
}
const put = (auth: string, body: unknown) =>
  t.request("/api/admin/settings", {
    method: "PUT",
    headers: { Authorization: auth, Origin: testOrigin, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
const storedRows = () => t.db.$client.query("SELECT key, value FROM settings ORDER BY key").all();

/** PUTs `body` on a sign-in 11 minutes old and expects 403 reauth_required with no row and no audit entry written. */
async function refusedWithoutPassword(body: Partial<Settings>) {
  const rows = storedRows();
  const audits = countRows(t, "audit_log");
  const res = await put(ownerSignedIn(11), body);
  expect(res.status).toBe(403);
  expect(await errorOf(res)).toMatchObject({ code: "reauth_required" });
  expect(storedRows()).toEqual(rows);
  expect(countRows(t, "audit_log")).toBe(audits);
}

const guarded = settingKeys.filter((key) => passwordAgain(key) !== false);
const unguarded = settingKeys.filter((key) => passwordAgain(key) === false);

test("the guarded keys are the declarations that give a reason, and include every setting of money, contact and customers' limits", () => {
  expect(reauthSettingKeys).toEqual(guarded);
  const mustAsk: SettingKey[] = [
    "email",
    "phone",
    "signal",
    "whatsapp",
    "messenger",
    "bankAccountName",
    "bankBsb",
    "bankAccountNumber",
    "btcAddress",
    "ethAddress",
    "usdcSolAddress",
    "currency",
    "newClientDiscountPercent",
    "cryptoDiscountPercent",
    "freeShippingThreshold",
    "flatShippingFee",
    "paypalOrderHoldMinutes",
    "customerMailPerHour",
    // It decides when a client's evidence is destroyed.
    "caseFileRetentionDays",
  ];
  expect(mustAsk.filter((key) => passwordAgain(key) === false)).toEqual([]);
});

describe("finding 5: the business's e-mail on a stolen, older sign-in", () => {
  test("is refused with 403 reauth_required and the e-mail stays as it was", async () => {
    const before = getSettings(t.db).email;
    await refusedWithoutPassword({ email: "attacker@evil.example" });
    expect(getSettings(t.db).email).toBe(before);
  });

  test("a guarded change beside an ordinary one writes neither", async () => {
    const before = getSettings(t.db);
    await refusedWithoutPassword({ responseTimeHours: 9, customerMailPerHour: 50 });
    expect(getSettings(t.db)).toEqual(before);
  });
});

describe.each(guarded)("%s needs the password again", (key) => {
  test("a sign-in older than 10 minutes is refused and nothing is written", async () => {
    expect(getSettings(t.db)[key]).not.toEqual(anotherValue[key]);
    await refusedWithoutPassword({ [key]: anotherValue[key] });
  });

  test("a sign-in of a minute ago saves it", async () => {
    const res = await put(ownerSignedIn(1), { [key]: anotherValue[key] });
    expect(res.status).toBe(200);
    expect(getSettings(t.db)[key]).toEqual(anotherValue[key]);
  });
});

describe.each(unguarded)("%s needs no password again", (key) => {
  test("a sign-in of hours ago saves it", async () => {
    const res = await put(ownerSignedIn(180), { [key]: anotherValue[key] });
    expect(res.status).toBe(200);
    expect(getSettings(t.db)[key]).toEqual(anotherValue[key]);
  });
});
