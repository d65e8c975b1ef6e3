/**
 * Who a message is from and where its replies go, read from the settings as they are when the
 * message is queued or sent, so a business name or e-mail address saved in Settings is in the very
 * next message without a restart (decision 057). `MAIL_FROM` only overrides the sender.
 */
import type { Db } from "../db/client.server";
import { customerFacingSettings } from "../shared/go-live";
import type { Settings } from "../shared/settings";
import type { Env } from "../server/env.server";
import { siteOrigin } from "../server/origin";
import { businessMailAddress } from "./context.server";

/** A sender as nodemailer takes it: it quotes and encodes the name itself, so no text can break the header. */
export type MailAddress = { name: string; address: string };

// The db modules queue mail with only the database handle, while BUSINESS_EMAIL (where the
// business's mail goes, overriding the setting) lives in the environment: the outbox worker of a
// database records it here once, so every message queued on that database reads the same address.
const businessEmailOverrides = new WeakMap<Db, Pick<Env, "BUSINESS_EMAIL">>();

/** Records `BUSINESS_EMAIL` for the mail queued on `db` (the outbox worker does, when it is made). */
export function recordBusinessEmailOverride(db: Db, env: Pick<Env, "BUSINESS_EMAIL">): void {
  businessEmailOverrides.set(db, { BUSINESS_EMAIL: env.BUSINESS_EMAIL });
}

// Likewise the site's origin, for the links in mail queued with only the database handle (the case room's notices).
type OriginEnv = { PUBLIC_URL?: string | undefined; PORT?: number | undefined };
const siteOrigins = new WeakMap<Db, OriginEnv>();

/**
 * Records where links in mail queued on `db` point (the outbox worker does, when it is made). The
 * environment itself is kept: with PORT=0 the port is known only once the server listens.
 */
export function recordSiteOrigin(db: Db, env: OriginEnv): void {
  siteOrigins.set(db, env);
}

/** The origin for links in mail queued on `db`: PUBLIC_URL's, else localhost as `siteOrigin` says. */
export function siteOriginOf(db: Db): string {
  const env = siteOrigins.get(db);
  return siteOrigin({ env: { PUBLIC_URL: env?.PUBLIC_URL, PORT: env?.PORT ?? 3000 } });
}

/** Where the business's mail goes for messages queued on `db`: `BUSINESS_EMAIL`, else the e-mail setting. */
export function businessAddressOf(db: Db, settings: Pick<Settings, "email">): string {
  return businessMailAddress(settings, businessEmailOverrides.get(db) ?? { BUSINESS_EMAIL: undefined });
}

/**
 * The Reply-To a message gets when it is queued: its own when it names one (a business notice
 * names the customer), else the business's address for every message to someone other than the
 * business, so a customer's reply always reaches the business, whichever template wrote it.
 */
export function replyToWhenQueued(db: Db, settings: Pick<Settings, "email">, message: { to: string; replyTo?: string | null }): string | null {
  if (message.replyTo) return message.replyTo;
  const business = businessAddressOf(db, settings);
  return message.to.trim().toLowerCase() === business.trim().toLowerCase() ? null : business;
}

// Line breaks and invisible characters in a saved name must not reach a header, even encoded.
const unprintable = /[\p{Cc}\p{Cf}\u2028\u2029]+/gu;

/** The sender of a message sent now: the business's name and e-mail setting, or `MAIL_FROM` when set. */
export function senderOf(settings: Pick<Settings, "businessName" | "email">, mailFromOverride: string | undefined): MailAddress | string {
  if (mailFromOverride) return mailFromOverride;
  return { name: settings.businessName.replace(unprintable, " ").replace(/\s+/g, " ").trim(), address: settings.email.trim() };
}

/** The HTML frame's line under each message: the phone and e-mail a customer may see (no placeholder, decision 037). */
export function frameContactLine(settings: Settings): string | undefined {
  const shown = customerFacingSettings(settings);
  const line = [shown.phone, shown.email].filter(Boolean).join(" · ");
  return line || undefined;
}
