/**
 * The changes `pi-site admin …` makes on the server, each written to the audit log in the
 * transaction that makes it, as made from the command line (no admin signed in): an owner reading
 * the log sees an admin created, a password reset or two-factor sign-in turned off there.
 */
import type { AdminRole } from "../domain/admin-roles";
import { type Admin, createAdmin, setAdminPassword, turnOffTotp } from "./admins.server";
import { recordCommandLineChange } from "./audit.server";
import { type Db, immediate } from "./client.server";

/** `pi-site admin create`: null when the username is taken. */
export function createAdminFromCommandLine(db: Db, username: string, passwordHash: string, role: AdminRole, now = new Date()): Admin | null {
  return immediate(db, () => {
    const admin = createAdmin(db, username, passwordHash, role);
    if (admin)
      recordCommandLineChange(
        db,
        {
          action: "admin.create",
          recordId: username,
          summary: `Added the admin ${username} as ${role} on the server's command line`,
          after: { username, role },
        },
        now,
      );
    return admin;
  });
}

/** `pi-site admin reset-password`: every sign-in of the admin ends; false when there is no such admin. */
export function resetAdminPasswordFromCommandLine(db: Db, username: string, passwordHash: string, now = new Date()): boolean {
  return immediate(db, () => {
    if (!setAdminPassword(db, username, passwordHash)) return false;
    recordCommandLineChange(
      db,
      { action: "admin.reset_password", recordId: username, summary: `Reset the password of ${username} on the server's command line; their sign-ins ended` },
      now,
    );
    return true;
  });
}

/** `pi-site admin disable-totp`: two-factor sign-in and its recovery codes removed. */
export function turnOffTotpFromCommandLine(db: Db, username: string, now = new Date()): ReturnType<typeof turnOffTotp> {
  return immediate(db, () => {
    const outcome = turnOffTotp(db, username);
    if (outcome === "turned_off")
      recordCommandLineChange(
        db,
        {
          action: "admin.totp_disable",
          recordId: username,
          summary: `Turned two-factor sign-in off for ${username} on the server's command line; their recovery codes were removed`,
          before: { twoFactor: true },
          after: { twoFactor: false },
        },
        now,
      );
    return outcome;
  });
}
