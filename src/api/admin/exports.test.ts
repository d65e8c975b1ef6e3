/**
 * The portal's exports as the owner opens them (decision 073): every list as CSV and as an Excel
 * workbook with the same columns and the same filters, named `<list>-<the business's date>`, the
 * workbook read back with an independent reader (exceljs): every phone keeps its leading 0 or +, a
 * reference is text, an instant a date on the business's clock, money a number; hostile values
 * (formulas, line breaks, quotes) arrive as the words typed, never as formulas. Who may download
 * them is as for the CSVs before: staff the bookings, orders and enquiries; owners also analytics.
 */
import { expect, test } from "bun:test";
import ExcelJS from "exceljs";
import { eq } from "drizzle-orm";
import { placeOrder } from "../../db/orders.server";
import { updateSetting } from "../../db/settings.server";
import { bookings, cartItems, contacts, orders, users } from "../../db/schema";
import { localDate } from "../../domain/timezone";
import { adminTokenFor, adminWithToken, customerWithSession } from "../../../tests/factories";
import { expectCsvAttachment, readCsv } from "../../../tests/helpers/csv";
import { adminAppPerTest } from "../../../tests/helpers/per-test";
import { productIdOf, testAddress } from "../../../tests/helpers/shop";

const { t, admin } = adminAppPerTest();
const adelaide = "Australia/Adelaide";
const today = () => localDate(new Date(), adelaide);

const hostileName = "=cmd|' /C calc'!A0";
const brokenName = 'Ann "The Quote"\r\nLee, Jr';

/** Two bookings on 5 January 2027 (Adelaide summer time): one confirmed, with hostile names and both kinds of phone. */
function twoBookings() {
  const userId = customerWithSession(t.db, "mallory@example.com", { firstName: hostileName }).userId;
  t.db.update(users).set({ lastName: "Smith" }).where(eq(users.id, userId)).run();
  const common = { serviceName: "Partner Check", servicePrice: "295.00", originalPrice: "295.00", appointmentDate: "2027-01-05", duration: 60 };
  t.db
    .insert(bookings)
    .values([
      {
        ...common,
        userId,
        reference: "BK-2345-6789",
        appointmentTime: "09:30",
        contactPhone: "0491692327",
        contactEmail: "mallory@example.com",
        location: '@SUM(A1), "Glenelg"\nback gate',
        status: "confirmed",
      },
      {
        ...common,
        reference: "BK-ABCD-EFGH",
        appointmentTime: "14:00",
        contactPhone: "+61412000111",
        contactEmail: "walkin@example.com",
        location: "Adelaide",
        servicePrice: "147.50",
        discountApplied: true,
      },
    ])
    .run();
}

/** An order of `quantity` dash cams and one tracker by a customer called `firstName`, shipping to a phone `phone`. */
function order(email: string, firstName: string, phone: string, quantity: number) {
  const userId = customerWithSession(t.db, email, { firstName }).userId;
  t.db
    .insert(cartItems)
    .values([
      { userId, productId: productIdOf(t.db, "covert-dash-cam-4k"), quantity },
      { userId, productId: productIdOf(t.db, "covert-body-worn-camera-4k"), quantity: 1 },
    ])
    .run();
  const result = placeOrder(t.db, userId, { shippingAddress: { ...testAddress, name: brokenName, phone }, paymentMethod: "bank_transfer" }, new Date());
  if (!result.ok) throw new Error(result.reason);
  return t.db.select().from(orders).where(eq(orders.id, result.order.id)).get()!;
}

async function sheetOf(res: Response, fileName: string): Promise<ExcelJS.Worksheet> {
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
  expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${fileName}"`);
  expect(res.headers.get("cache-control")).toBe("no-store");
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await res.arrayBuffer());
  const sheet = wb.worksheets[0];
  if (!sheet) throw new Error("the workbook has no sheet");
  return sheet;
}

/** The header row's texts. */
const headersOf = (sheet: ExcelJS.Worksheet) => (sheet.getRow(1).values as unknown[]).slice(1);

/** The cell of `header` in data row `n` (1 = the first after the header). */
function cellOf(sheet: ExcelJS.Worksheet, n: number, header: string): ExcelJS.Cell {
  const col = headersOf(sheet).indexOf(header) + 1;
  if (col === 0) throw new Error(`no column ${header}`);
  return sheet.getRow(n + 1).getCell(col);
}

function expectText(cell: ExcelJS.Cell, value: string) {
  expect(cell.type).toBe(ExcelJS.ValueType.String);
  expect(cell.value).toBe(value);
  expect(cell.formula).toBeUndefined();
}

function expectNumber(cell: ExcelJS.Cell, value: number) {
  expect(cell.type).toBe(ExcelJS.ValueType.Number);
  expect(cell.value).toBe(value);
}

test("bookings: the CSV and the workbook carry the same columns and rows, what the owner rings and bills from", async () => {
  twoBookings();
  const csv = readCsv(await expectCsvAttachment(await admin.get("/api/admin/bookings.csv?from=2027-01-01"), `bookings-${today()}.csv`));
  const sheet = await sheetOf(await admin.get("/api/admin/bookings.xlsx?from=2027-01-01"), `bookings-${today()}.xlsx`);
  const headers = [
    "Reference",
    "Appointment",
    "Length (minutes)",
    "Customer",
    "Phone",
    "E-mail",
    "Location",
    "Package",
    "Price",
    "Original price",
    "Discount",
    "Currency",
    "Status",
    "Payment",
    "Booked",
  ];
  expect(csv[0]).toEqual(headers);
  expect(headersOf(sheet)).toEqual(headers);
  expect(csv.slice(1).filter((r) => r.length > 1)).toHaveLength(2);
  expect(sheet.rowCount).toBe(3);

  // The CSV as before (decision 042): ISO instants with the offset, the formula guard, line breaks and quotes kept.
  const [first, second] = [csv[1] ?? [], csv[2] ?? []];
  expect(first.slice(0, 14)).toEqual([
    "BK-2345-6789",
    "2027-01-05T09:30:00+10:30",
    "60",
    `'${hostileName} Smith`,
    "0491692327",
    "mallory@example.com",
    `'@SUM(A1), "Glenelg"\nback gate`,
    "Partner Check",
    "295.00",
    "295.00",
    "no",
    "USD",
    "Confirmed",
    "Not paid",
  ]);
  expect(second.slice(0, 5)).toEqual(["BK-ABCD-EFGH", "2027-01-05T14:00:00+10:30", "60", "walkin@example.com", "+61412000111"]);

  // The workbook: text as typed (no apostrophe, no formula), phones with their 0 and +, dates on Adelaide's clock, money as numbers.
  expectText(cellOf(sheet, 1, "Reference"), "BK-2345-6789");
  expectText(cellOf(sheet, 1, "Phone"), "0491692327");
  expectText(cellOf(sheet, 2, "Phone"), "+61412000111");
  expectText(cellOf(sheet, 1, "Customer"), `${hostileName} Smith`);
  expectText(cellOf(sheet, 1, "Location"), '@SUM(A1), "Glenelg"\nback gate');
  expect(cellOf(sheet, 1, "Appointment").type).toBe(ExcelJS.ValueType.Date);
  expect(cellOf(sheet, 1, "Appointment").value).toEqual(new Date("2027-01-05T09:30:00Z"));
  expect(cellOf(sheet, 2, "Appointment").value).toEqual(new Date("2027-01-05T14:00:00Z"));
  expect(cellOf(sheet, 1, "Booked").type).toBe(ExcelJS.ValueType.Date);
  expectNumber(cellOf(sheet, 1, "Price"), 295);
  expectNumber(cellOf(sheet, 2, "Price"), 147.5);
  expectNumber(cellOf(sheet, 1, "Length (minutes)"), 60);
  expectText(cellOf(sheet, 1, "Currency"), "USD");
  expectText(cellOf(sheet, 1, "Status"), "Confirmed");
});

test("bookings after a change of currency: each row says the currency it was booked in, whatever the setting is now", async () => {
  twoBookings();
  // The second was booked after the owner switched to euros; the setting is euros now.
  t.db.update(bookings).set({ currency: "EUR" }).where(eq(bookings.reference, "BK-ABCD-EFGH")).run();
  updateSetting(t.db, "currency", "EUR");
  const csv = readCsv(await expectCsvAttachment(await admin.get("/api/admin/bookings.csv?from=2027-01-01"), `bookings-${today()}.csv`));
  const column = (header: string) => (csv[0] ?? []).indexOf(header);
  // The amounts' headers name no currency: the Currency column does, per row.
  expect(csv[0]?.filter((h) => /Price|price/.test(h))).toEqual(["Price", "Original price"]);
  expect(csv.slice(1, 3).map((r) => [r[0], r[column("Price")], r[column("Currency")]])).toEqual([
    ["BK-2345-6789", "295.00", "USD"],
    ["BK-ABCD-EFGH", "147.50", "EUR"],
  ]);
  const sheet = await sheetOf(await admin.get("/api/admin/bookings.xlsx?from=2027-01-01"), `bookings-${today()}.xlsx`);
  expectText(cellOf(sheet, 1, "Currency"), "USD");
  expectText(cellOf(sheet, 2, "Currency"), "EUR");
});

test("bookings: the workbook takes the list's filters and search, as the CSV does", async () => {
  twoBookings();
  const confirmed = await sheetOf(await admin.get("/api/admin/bookings.xlsx?status=confirmed"), `bookings-${today()}.xlsx`);
  expect(confirmed.rowCount).toBe(2);
  expectText(cellOf(confirmed, 1, "Reference"), "BK-2345-6789");
  const searched = await sheetOf(await admin.get("/api/admin/bookings.xlsx?search=walkin"), `bookings-${today()}.xlsx`);
  expect(searched.rowCount).toBe(2);
  expectText(cellOf(searched, 1, "Reference"), "BK-ABCD-EFGH");
  const none = await sheetOf(await admin.get("/api/admin/bookings.xlsx?to=2026-01-01"), `bookings-${today()}.xlsx`);
  expect(none.rowCount).toBe(1);
  expect((await admin.get("/api/admin/bookings.xlsx?status=maybe")).status).toBe(400);
});

test("orders: items by name and quantity, the address and phone, the money as numbers in the order's currency", async () => {
  const first = order("mallory@example.com", hostileName, "0491692327", 2);
  const second = order("ann@example.com", "Ann", "+61412000111", 1);
  const csv = readCsv(await expectCsvAttachment(await admin.get("/api/admin/orders.csv"), `orders-${today()}.csv`));
  const sheet = await sheetOf(await admin.get("/api/admin/orders.xlsx"), `orders-${today()}.xlsx`);
  expect(headersOf(sheet)).toEqual(csv[0] ?? []);
  for (const header of ["Order number", "Customer", "Phone", "Items", "Shipping address", "Total", "Currency", "Payment", "Tracking number"]) {
    expect(csv[0]).toContain(header);
  }
  // Newest first, as the list.
  const column = (name: string) => csv[0]?.indexOf(name) ?? -1;
  expect(csv[1]?.[column("Order number")]).toBe(second.orderNumber);
  expect(csv[2]?.[column("Items")]).toBe("2 × 4K Covert Dual Dash Cam; 1 × Covert Body-Worn Camera 4K");
  expect(csv[2]?.[column("Customer")]).toBe(`'${hostileName}`);
  expect(csv[2]?.[column("Ship to")]).toBe(brokenName);
  expect(csv[2]?.[column("Phone")]).toBe("0491692327");

  expectText(cellOf(sheet, 1, "Order number"), second.orderNumber);
  expectText(cellOf(sheet, 1, "Phone"), "+61412000111");
  expectText(cellOf(sheet, 2, "Phone"), "0491692327");
  expectText(cellOf(sheet, 2, "Customer"), hostileName);
  expectText(cellOf(sheet, 2, "Ship to"), brokenName.replace("\r\n", "\n"));
  expectText(cellOf(sheet, 2, "Items"), "2 × 4K Covert Dual Dash Cam; 1 × Covert Body-Worn Camera 4K");
  expectText(cellOf(sheet, 2, "Shipping address"), "1 King William St, Adelaide SA 5000");
  expectNumber(cellOf(sheet, 2, "Item count"), 3);
  expectNumber(cellOf(sheet, 2, "Total"), Number(first.totalAmount));
  expectNumber(cellOf(sheet, 2, "Subtotal"), Number(first.subtotal));
  expect(cellOf(sheet, 2, "Total").numFmt).toBe("#,##0.00");
  expectText(cellOf(sheet, 2, "Currency"), "USD");
  expect(cellOf(sheet, 2, "Placed").type).toBe(ExcelJS.ValueType.Date);
  expectText(cellOf(sheet, 2, "Payment"), "Not paid yet");

  const searched = await sheetOf(await admin.get("/api/admin/orders.xlsx?search=ann%40example"), `orders-${today()}.xlsx`);
  expect(searched.rowCount).toBe(2);
  expectText(cellOf(searched, 1, "Order number"), second.orderNumber);
  expect((await sheetOf(await admin.get("/api/admin/orders.xlsx?status=shipped"), `orders-${today()}.xlsx`)).rowCount).toBe(1);
});

test("enquiries and analytics: the same two files, phones as text, days as dates, amounts as numbers", async () => {
  t.db.insert(contacts).values({ name: "=1+1", email: "kim@example.com", phone: "0491692327", service: "general", message: "Line one\r\nline two" }).run();
  const csv = readCsv(await expectCsvAttachment(await admin.get("/api/admin/contacts.csv?status=all"), `enquiries-${today()}.csv`));
  const sheet = await sheetOf(await admin.get("/api/admin/contacts.xlsx?status=all"), `enquiries-${today()}.xlsx`);
  expect(headersOf(sheet)).toEqual(csv[0] ?? []);
  expect(csv[1]?.slice(1, 4)).toEqual(["'=1+1", "kim@example.com", "0491692327"]);
  expectText(cellOf(sheet, 1, "Phone"), "0491692327");
  expectText(cellOf(sheet, 1, "Name"), "=1+1");
  expect(cellOf(sheet, 1, "Received").type).toBe(ExcelJS.ValueType.Date);

  const figures = await sheetOf(await admin.get("/api/admin/analytics.xlsx?range=30d"), `analytics-${today()}.xlsx`);
  const analyticsCsv = readCsv(await expectCsvAttachment(await admin.get("/api/admin/analytics.csv?range=30d"), `analytics-${today()}.csv`));
  expect(headersOf(figures)).toEqual(["Figure", "Day or period", "Name", "Count", "Amount", "Currency"]);
  expect(analyticsCsv[0]).toEqual(headersOf(figures) as string[]);
  expect(figures.rowCount).toBe(analyticsCsv.filter((r) => r.length > 1).length);
  expectText(cellOf(figures, 1, "Figure"), "Visits per day");
  expect(cellOf(figures, 1, "Day or period").type).toBe(ExcelJS.ValueType.Date);
  expectNumber(cellOf(figures, 1, "Count"), 0);
});

test("who may download: as for the CSVs, staff the bookings, orders and enquiries, owners also the analytics; nobody signed out", async () => {
  adminWithToken(t.db, "export-staff", null, "staff");
  const staff = adminTokenFor(t.db, "export-staff").authorization;
  const as = (path: string, authorization?: string) => t.request(path, authorization ? { headers: { Authorization: authorization } } : {});
  for (const list of ["bookings", "orders", "contacts"]) {
    for (const format of ["csv", "xlsx"]) {
      const path = `/api/admin/${list}.${format}`;
      expect({ path, status: (await as(path)).status }).toEqual({ path, status: 401 });
      expect({ path, status: (await as(path, staff)).status }).toEqual({ path, status: 200 });
      expect({ path, status: (await admin.get(path)).status }).toEqual({ path, status: 200 });
    }
  }
  for (const format of ["csv", "xlsx"]) {
    const path = `/api/admin/analytics.${format}`;
    expect((await as(path)).status).toBe(401);
    const refused = await as(path, staff);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("owners_only");
    expect((await admin.get(path)).status).toBe(200);
  }
  // A customer signed in to the shop is nobody here.
  expect((await t.request("/api/admin/orders.xlsx", { headers: { Cookie: customerWithSession(t.db, "shopper@example.com").cookie } })).status).toBe(401);
});
