/** Creates customers and their sessions directly in the database (faster than signing up). */
import type { Db } from "../../src/db/client.server";
import { createUser } from "../../src/db/users.server";
import { users } from "../../src/db/schema";
import { createSession } from "../../src/server/auth/sessions.server";
import { eq } from "drizzle-orm";

/** A customer with a live session; `cookie` is the Cookie header to send. */
export function customerWithSession(db: Db, email: string, opts: { returning?: boolean; referralCode?: string | null } = {}) {
  const user = createUser(db, { email, firstName: email.split("@")[0], referralCode: opts.referralCode ?? null });
  if (!user) throw new Error(`could not create ${email}`);
  if (opts.returning) db.update(users).set({ isNewCustomer: false }).where(eq(users.id, user.id)).run();
  const session = createSession(db, user.id);
  return { userId: user.id, cookie: `pi_session=${session.token}` };
}
