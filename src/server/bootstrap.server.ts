/** Opens the data directory and builds everything the app needs; shared by main.ts and tests. */
import { databaseFile, openDatabase, type Db } from "../db/client.server";
import { onPublicDataChange } from "../db/public-data.server";
import { seedDatabase } from "../db/seed/index.server";
import { OutboxWorker } from "../mail/outbox.server";
import { createMailTransport } from "../mail/transport.server";
import { createApp } from "./app";
import { setTrustProxy } from "./client-ip";
import type { AppDeps } from "./deps";
import type { Env } from "./env.server";
import { RateLimiter } from "./middleware/rate-limit";
import { PageCache } from "./page-cache";
import { dataDirSecretBox } from "./secret-box.server";

/** Opens (migrating and seeding) the database and wires the app's dependencies. */
export function bootstrap(env: Env, db: Db = openDatabase(databaseFile(env.DATA_DIR))) {
  seedDatabase(db);
  setTrustProxy(env.TRUST_PROXY);
  // The sender and the business's address are read from the settings for each message; the
  // environment's MAIL_FROM and BUSINESS_EMAIL only override them (decision 057).
  const outbox = new OutboxWorker(db, createMailTransport(env.SMTP_URL), env);
  const deps: AppDeps = {
    db,
    env,
    outbox,
    pageCache: new PageCache(),
    secrets: dataDirSecretBox(env.DATA_DIR),
    limits: {
      contact: new RateLimiter(5, 60_000),
      // Accounts and usernames are named by the client: room for more locks before the limiter
      // is full and refuses every new name (decision 023).
      signInByAccount: new RateLimiter(10, 15 * 60_000, 10_000, 50_000),
      signInByAddress: new RateLimiter(10, 15 * 60_000),
      adminSignInByUsername: new RateLimiter(5, 15 * 60_000, 10_000, 50_000),
      adminSignInByAddress: new RateLimiter(5, 15 * 60_000),
      passwordReset: new RateLimiter(5, 15 * 60_000),
      passwordResetSubmit: new RateLimiter(10, 15 * 60_000),
      emailVerification: new RateLimiter(3, 60 * 60_000),
      signUp: new RateLimiter(10, 60 * 60_000),
      booking: new RateLimiter(20, 60_000),
      paymentRequests: new RateLimiter(10, 15 * 60_000),
      paypalOrders: new RateLimiter(30, 15 * 60_000),
      orders: new RateLimiter(10, 15 * 60_000),
      wishlist: new RateLimiter(60, 10 * 60_000),
      reviews: new RateLimiter(10, 60 * 60_000),
      reviewVotes: new RateLimiter(30, 60 * 60_000),
      caseUploads: new RateLimiter(100, 60 * 60_000),
      caseMessages: new RateLimiter(30, 60 * 60_000),
    },
  };
  // Every write to what public pages show signals it; the cached pages and site data go with it.
  onPublicDataChange(db, () => deps.pageCache.clear());
  return { deps, app: createApp(deps) };
}
