/**
 * Signed-in customers for tests, created directly in the database (no sign-up form, no argon2
 * hash): route tests send `cookie`, the e2e fixture (tests/e2e/create-customer.ts) puts `token`
 * into the browser. Tests of signing up and in themselves use the forms instead.
 */
import type { Db } from "../../src/db/client.server";
import { createUser } from "../../src/db/users.server";
import { users } from "../../src/db/schema";
import { createSession } from "../../src/server/auth/sessions.server";
import { eq } from "drizzle-orm";

/** The session cookie's name on plain http, as tests and the e2e binary run. */
export const sessionCookie = "pi_session";

/** A customer with a live session; `cookie` is the Cookie header to send. */
export function customerWithSession(db: Db, email: string, opts: { returning?: boolean; referralCode?: string | null; firstName?: string } = {}) {
  const user = createUser(db, { email, firstName: opts.firstName ?? email.split("@")[0], referralCode: opts.referralCode ?? null });
  if (!user) throw new Error(`could not create ${email}`);
  if (opts.returning) db.update(users).set({ isNewCustomer: false }).where(eq(users.id, user.id)).run();
  const session = createSession(db, user.id);
  return { userId: user.id, token: session.token, cookie: `${sessionCookie}=${session.token}` };
}
