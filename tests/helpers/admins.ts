/** Admins for tests: created straight in the database, with a live bearer token. */
import { createAdmin, createAdminToken } from "../../src/db/admins.server";
import type { Db } from "../../src/db/client.server";

/** A password hash nobody can sign in with: tests that need the password sign in through the API. */
const unusableHash = "$argon2id$v=19$m=19456,t=2,p=1$bm90LWEtcmVhbC1zYWx0$bm90LWEtcmVhbC1oYXNoLWF0LWFsbC1ub3Q";

/** An admin `username` with a token; `authorization` is the header to send. */
export function adminWithToken(db: Db, username: string, passwordHash = unusableHash) {
  const admin = createAdmin(db, username, passwordHash);
  if (!admin) throw new Error(`could not create the admin ${username}`);
  const token = createAdminToken(db, admin.id);
  return { adminId: admin.id, token, authorization: `Bearer ${token}` };
}
