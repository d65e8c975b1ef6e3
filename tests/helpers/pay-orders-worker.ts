/**
 * Run as its own process by the invoice race test: opens the database file given and marks the
 * given orders paid, one immediate transaction each, as the owner's "Mark paid" does, while other
 * processes do the same. Prints the invoice numbers it was given, as JSON.
 */
import { openDatabase } from "../../src/db/client.server";
import { orderInvoiceNumber } from "../../src/db/invoices.server";
import { changeOrder } from "../../src/db/orders.server";

const [file, ...ids] = process.argv.slice(2);
if (!file) throw new Error("usage: pay-orders-worker.ts <db file> <order id>...");
const db = openDatabase(file);
const numbers: string[] = [];
for (const id of ids.map(Number)) {
  const paid = changeOrder(db, id, { kind: "mark_paid" }, { actor: "admin" });
  if (!paid.ok) throw new Error(`order ${id} was not marked paid: ${paid.reason}`);
  numbers.push(orderInvoiceNumber(db, id) ?? "none");
}
db.$client.close();
console.log(JSON.stringify(numbers));
