/**
 * The tokens of the links our e-mails carry that work without signing in (an unsubscribe link):
 * `<purpose>:<payload>` sealed with the data directory's secret box (secret-box.server.ts), so
 * nobody can make one for someone else, read whose it is, or use one made for one purpose for
 * another. One rule for every such link; each feature names its purpose and its payload.
 */
import type { AppDeps } from "./deps";
import { siteOrigin } from "./origin";
import type { SecretBox } from "./secret-box.server";

/** What a link is for; a token opens only for the purpose it was sealed for. */
export type LinkPurpose = "review-invitations" | "back-in-stock" | "booking-reminders";

/** Longer than any token we make (a purpose and an id or two come to about 150 characters). */
export const maxLinkTokenLength = 400;
const minLinkTokenLength = 20;

/** The token of a link for `purpose` carrying `payload`. */
export function sealLinkToken(secrets: SecretBox, purpose: LinkPurpose, payload: string): string {
  return secrets.seal(`${purpose}:${payload}`);
}

/** The payload of a token sealed for `purpose`, or null for anything else (altered, another key or purpose, junk); never throws. */
export function openLinkToken(secrets: SecretBox, purpose: LinkPurpose, token: unknown): string | null {
  if (typeof token !== "string" || token.length < minLinkTokenLength || token.length > maxLinkTokenLength) return null;
  // Only the exact text we made: base64 decoding would let a stray character more or less pass.
  if (!token.split(".").every((part, i) => i === 0 || Buffer.from(part, "base64url").toString("base64url") === part)) return null;
  let opened: string | null;
  try {
    opened = secrets.open(token);
  } catch {
    return null;
  }
  const prefix = `${purpose}:`;
  if (!opened?.startsWith(prefix)) return null;
  return opened.slice(prefix.length) || null;
}

/**
 * The link that turns one kind of e-mail off without signing in (review invitations, booking
 * reminders): the page's `path`, each customer's token for it, the customer a token names (null
 * when it is not one of ours: altered, another key, another purpose), and the whole link.
 */
export function optOutLink(purpose: LinkPurpose, path: string) {
  const token = (secrets: SecretBox, userId: string) => sealLinkToken(secrets, purpose, userId);
  return {
    path,
    token,
    userOf: (secrets: SecretBox, sealed: string): string | null => openLinkToken(secrets, purpose, sealed),
    url: (deps: Pick<AppDeps, "env" | "secrets">, userId: string) => `${siteOrigin(deps)}${path}?token=${encodeURIComponent(token(deps.secrets, userId))}`,
  };
}
