/**
 * What every message is written with, read from the settings when the message is queued, so a
 * detail the owner saves now is in the very next message without a restart. Call sites take one
 * `mailContext(deps)` instead of assembling the business address, the origin and the settings
 * themselves.
 */
import { getSettings } from "../db/settings.server";
import type { Db } from "../db/client.server";
import { customerFacingSettings } from "../shared/go-live";
import type { Settings } from "../shared/settings";
import type { Env } from "../server/env.server";
import { siteOrigin } from "../server/origin";

export type MailContext = {
  /** The business's name, as the owner last saved it. */
  businessName: string;
  /**
   * Where the business's own mail goes and where customers' replies go: `BUSINESS_EMAIL` when set
   * (it overrides the setting), else the e-mail setting.
   */
  businessEmail: string;
  /** The settings with every shipped placeholder emptied (decision 037): what a customer may read. */
  settings: Settings;
  /** The site's public origin, for links. */
  origin: string;
  /** The business time zone every instant in a message is shown in. */
  timeZone: string;
  /** The one currency prices are shown in. */
  currency: string;
};

/** The mail context for a message queued now. */
export function mailContext(deps: { db: Db; env: Pick<Env, "BUSINESS_EMAIL" | "PUBLIC_URL" | "PORT"> }): MailContext {
  return mailContextFrom(getSettings(deps.db), deps);
}

/** The same, from settings the caller has already read in its transaction. */
export function mailContextFrom(settings: Settings, deps: { env: Pick<Env, "BUSINESS_EMAIL" | "PUBLIC_URL" | "PORT"> }): MailContext {
  return {
    businessName: settings.businessName,
    businessEmail: businessMailAddress(settings, deps.env),
    settings: customerFacingSettings(settings),
    origin: siteOrigin(deps),
    timeZone: settings.timezone,
    currency: settings.currency,
  };
}

/** Where the business's mail goes: `BUSINESS_EMAIL` overrides the e-mail setting. */
export function businessMailAddress(settings: Pick<Settings, "email">, env: Pick<Env, "BUSINESS_EMAIL">): string {
  return env.BUSINESS_EMAIL ?? settings.email;
}
