/**
 * Admin accounts outside the portal: the first admin at start-up, and the `pi-site admin`
 * subcommands that create an admin, reset a password or turn two-factor sign-in off on the site's
 * database (also while the site runs: SQLite in WAL mode takes the write between two of the site's);
 * each command's change is in the audit log, made from the command line.
 */
import { createAdminFromCommandLine, resetAdminPasswordFromCommandLine, turnOffTotpFromCommandLine } from "../db/admin-command-line.server";
import { countAdmins, createAdmin, findAdminByUsername } from "../db/admins.server";
import type { Db } from "../db/client.server";
import { type AdminRole, adminRoles } from "../domain/admin-roles";
import { adminAccountMessages } from "../shared/admin-admins";
import { adminUsernamePattern } from "../shared/admin-auth";
import { newPasswordField } from "../shared/auth";
import { hashPassword, randomToken } from "./auth/crypto.server";
import type { Env } from "./env.server";
import { log } from "./log.server";

/** The reason a username or password cannot be used, or null when it can. */
export function adminUsernameProblem(username: string): string | null {
  return adminUsernamePattern.test(username) ? null : adminAccountMessages.usernameRule;
}
export function adminPasswordProblem(password: string): string | null {
  const parsed = newPasswordField.safeParse(password);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? "This password cannot be used.");
}

/**
 * Makes sure the site can be run from the portal. With ADMIN_USERNAME and ADMIN_PASSWORD set, that
 * admin exists (created if missing; an existing admin keeps the password changed since). With
 * neither and no admin at all, `admin` is created with a random password written once to the log.
 */
export async function ensureFirstAdmin(db: Db, env: Pick<Env, "ADMIN_USERNAME" | "ADMIN_PASSWORD">): Promise<void> {
  const username = env.ADMIN_USERNAME?.trim().toLowerCase();
  const password = env.ADMIN_PASSWORD;
  if (username || password) {
    if (!username || !password) {
      log.error("ADMIN_USERNAME and ADMIN_PASSWORD go together: set both, or neither; no admin was created from them");
      return;
    }
    if (findAdminByUsername(db, username)) return;
    const problem = adminUsernameProblem(username) ?? adminPasswordProblem(password);
    if (problem) {
      log.error("the admin from ADMIN_USERNAME/ADMIN_PASSWORD was not created", { problem });
      return;
    }
    if (createAdmin(db, username, await hashPassword(password))) log.info("admin created from ADMIN_USERNAME", { username });
    return;
  }
  if (countAdmins(db) > 0) return;
  const generated = randomToken(15);
  if (!createAdmin(db, "admin", await hashPassword(generated))) return;
  log.warn(
    `first start: created the admin "admin" with the password ${generated} . It is shown only this once: sign in at /admin/login, or set another with \`pi-site admin reset-password admin\`.`,
  );
}

/** A `pi-site admin …` command that sets a password; `role` only for create (owner by default). */
export type PasswordCommand = { action: "create" | "reset-password"; username: string; passwordFromStdin: boolean; role?: AdminRole };
/** What `pi-site admin …` should do, from its arguments; a usage message when they make no sense. */
export type AdminCommand = PasswordCommand | { action: "disable-totp"; username: string } | { usage: string };

export const adminUsage =
  "usage: pi-site admin create USERNAME [--role owner|staff] [--password-stdin] | pi-site admin reset-password USERNAME [--password-stdin] | pi-site admin disable-totp USERNAME";

export function parseAdminCommand(args: readonly string[]): AdminCommand {
  const [action, rawUsername, ...rest] = args;
  if (!rawUsername) return { usage: adminUsage };
  const username = rawUsername.trim().toLowerCase();
  if (action === "disable-totp") return rest.length === 0 ? { action, username } : { usage: adminUsage };
  if (action !== "create" && action !== "reset-password") return { usage: adminUsage };
  let role: AdminRole | undefined;
  let passwordFromStdin = false;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] ?? "";
    const inline = /^--role=(.*)$/.exec(arg);
    if (arg === "--password-stdin") passwordFromStdin = true;
    else if (action === "create" && role === undefined && (arg === "--role" || inline)) {
      const value = inline ? inline[1] : rest[++i];
      if (!adminRoles.includes(value as AdminRole)) return { usage: adminUsage };
      role = value as AdminRole;
    } else return { usage: adminUsage };
  }
  return action === "create" ? { action, username, passwordFromStdin, role: role ?? "owner" } : { action, username, passwordFromStdin };
}

/**
 * `pi-site admin disable-totp USERNAME`: for an admin who lost their authenticator app. The
 * password and the admin's sign-ins stay as they are; the exit code and the line to print.
 */
export function runDisableTotp(db: Db, username: string): { code: number; message: string } {
  switch (turnOffTotpFromCommandLine(db, username)) {
    case "turned_off":
      return { code: 0, message: `two-factor sign-in of "${username}" turned off; they sign in with the password alone until they turn it on again` };
    case "was_off":
      return { code: 0, message: `two-factor sign-in of "${username}" was not on; nothing to turn off` };
    case "not_found":
      return { code: 1, message: `there is no admin "${username}"` };
  }
}

/** Runs a parsed command with the password already read; returns the exit code and the line to print. */
export async function runAdminCommand(db: Db, command: PasswordCommand, password: string): Promise<{ code: number; message: string }> {
  const problem = (command.action === "create" ? adminUsernameProblem(command.username) : null) ?? adminPasswordProblem(password);
  if (problem) return { code: 1, message: problem };
  const hash = await hashPassword(password);
  if (command.action === "create") {
    const role = command.role ?? "owner";
    return createAdminFromCommandLine(db, command.username, hash, role)
      ? { code: 0, message: `admin "${command.username}" created (${role})` }
      : { code: 1, message: `an admin "${command.username}" already exists; use \`pi-site admin reset-password ${command.username}\`` };
  }
  return resetAdminPasswordFromCommandLine(db, command.username, hash)
    ? { code: 0, message: `password of "${command.username}" changed; every sign-in of that admin has ended` }
    : { code: 1, message: `there is no admin "${command.username}"` };
}

/** Reads the password: all of standard input (one trailing newline dropped), or a prompt without echo. */
export async function readAdminPassword(fromStdin: boolean): Promise<{ password: string } | { problem: string }> {
  if (fromStdin) return { password: (await Bun.stdin.text()).replace(/\r?\n$/, "") };
  if (!process.stdin.isTTY) return { problem: "no password: type it at the prompt (in a terminal), or pass --password-stdin and send it on standard input" };
  const echo = (on: boolean) => Bun.spawnSync(["stty", on ? "echo" : "-echo"], { stdin: "inherit" });
  const ask = async (question: string) => {
    process.stdout.write(question);
    echo(false);
    try {
      for await (const line of console) return line;
      return "";
    } finally {
      echo(true);
      process.stdout.write("\n");
    }
  };
  const first = await ask("New password: ");
  const again = await ask("Repeat it: ");
  return first === again ? { password: first } : { problem: "the two passwords differ; nothing was changed" };
}
