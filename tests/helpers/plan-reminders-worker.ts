/**
 * Run as its own process by the plan reminders' race test: opens the database file given and runs
 * the reminders' claims for the business's date given, as a second instance of the site would,
 * while other processes do the same. Prints how many reminders this process queued.
 */
import { openDatabase } from "../../src/db/client.server";
import { claimPlanReminder, duePlanReminders } from "../../src/db/payment-plans.server";

const [file, today, days] = process.argv.slice(2);
if (!file || !today || !days) throw new Error("usage: plan-reminders-worker.ts <db file> <YYYY-MM-DD> <reminder days>");
const db = openDatabase(file);
let queued = 0;
for (let round = 0; round < 3; round++)
  for (const target of duePlanReminders(db, today, Number(days)))
    if (
      claimPlanReminder(
        db,
        target,
        today,
        Number(days),
        (f) => ({ to: f.to, subject: `Payment ${f.number} of ${f.of} reminder (${f.kind}): booking ${f.reference}`, text: f.amount }),
        new Date(),
      ) === "queued"
    )
      queued++;
db.$client.close();
console.log(JSON.stringify(queued));
