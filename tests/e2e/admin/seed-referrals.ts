/**
 * Run by tests/e2e/admin/referrals.spec.ts with Bun (Playwright runs under Node, which has no
 * SQLite): in a running site's database, creates a referrer (with a session and a referral code)
 * and a customer who signed up with that code (with a session), through our own modules; prints
 * `{ referrer: { userId, token, code }, friend: { userId, token }, bookableDate }` as JSON, the
 * date being a business day a few days ahead in the business's timezone.
 *
 *   bun tests/e2e/admin/seed-referrals.ts <database file> <referrer e-mail> <friend e-mail>
 */
import { openDatabase } from "../../../src/db/client.server";
import { ensureReferralCode } from "../../../src/db/referrals.server";
import { businessToday } from "../../../src/domain/slots";
import { addDays, dayOfWeek } from "../../../src/domain/timezone";
import { customerWithSession } from "../../helpers/sessions";

const [file, referrerEmail, friendEmail] = process.argv.slice(2);
if (!file || !referrerEmail || !friendEmail) throw new Error("usage: seed-referrals.ts <database file> <referrer e-mail> <friend e-mail>");
// The site holds the file open in WAL mode; our writes wait for its lock (busy_timeout).
const db = openDatabase(file);
const referrer = customerWithSession(db, referrerEmail, { firstName: "Rita" });
const code = ensureReferralCode(db, referrer.userId);
const friend = customerWithSession(db, friendEmail, { firstName: "Fred", referralCode: code });
db.$client.close();
let day = addDays(businessToday(new Date(), "Australia/Adelaide"), 3);
while (dayOfWeek(day) === 0) day = addDays(day, 1);
console.log(
  JSON.stringify({
    referrer: { userId: referrer.userId, token: referrer.token, code },
    friend: { userId: friend.userId, token: friend.token },
    bookableDate: day,
  }),
);
