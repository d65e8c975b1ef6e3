/** What the app is built from; tests build their own with a temporary database. */
import type { Db } from "../db/client.server";
import type { CurrentUser } from "../components/site";
import type { OutboxWorker } from "../mail/outbox.server";
import type { LimitStore } from "../db/limits.server";
import type { Env } from "./env.server";
import type { PageCache } from "./page-cache";
import type { RateLimiter } from "./middleware/rate-limit";
import type { SecretBox } from "./secret-box.server";
import type { SecurityExtension } from "./middleware/security-headers";

export type AppDeps = {
  db: Db;
  env: Env;
  outbox: OutboxWorker;
  pageCache: PageCache;
  /** Seals secrets the database keeps but must not reveal (an admin's TOTP key). */
  secrets: SecretBox;
  /** The file every limit below counts in, shared by the workers (decision 090); closed with the database. */
  limitStore: LimitStore;
  limits: {
    contact: RateLimiter;
    signInByAccount: RateLimiter;
    signInByAddress: RateLimiter;
    adminSignInByUsername: RateLimiter;
    adminSignInByAddress: RateLimiter;
    passwordReset: RateLimiter;
    passwordResetSubmit: RateLimiter;
    emailVerification: RateLimiter;
    signUp: RateLimiter;
    /** Booking and moving per customer account: each action counts under its own key, its JSON route and its form together (src/actions/). */
    booking: RateLimiter;
    paymentRequests: RateLimiter;
    paypalOrders: RateLimiter;
    /** Orders placed per customer account. */
    orders: RateLimiter;
    /** Wishlist changes per customer account (the API and the hearts' forms together). */
    wishlist: RateLimiter;
    /** Reviews written, edited or deleted per customer account. */
    reviews: RateLimiter;
    /** "Was this helpful?" votes per customer account. */
    reviewVotes: RateLimiter;
    /** Files a client adds to their case rooms, per customer account. */
    caseUploads: RateLimiter;
    /** Case-room messages per customer account (the JSON route and the room's plain form together). */
    caseMessages: RateLimiter;
  };
};

export type AppEnv = {
  Variables: { clientIp: string; user: CurrentUser | null; sessionId: string | null; securityExtension?: SecurityExtension; https?: boolean };
};
