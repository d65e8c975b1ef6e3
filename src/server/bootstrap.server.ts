/** Opens the data directory and builds everything the app needs; shared by main.ts and tests. */
import { databaseFile, openDatabase, type Db } from "../db/client.server";
import { limitsFile, LimitStore } from "../db/limits.server";
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
import { sharedPageGeneration } from "./page-generation.server";
import { dataDirSecretBox } from "./secret-box.server";

/** Opens (migrating and seeding) the database and wires the app's dependencies. */
export function bootstrap(env: Env, db: Db = openDatabase(databaseFile(env.DATA_DIR))) {
  seedDatabase(db);
  setTrustProxy(env.TRUST_PROXY);
  // The sender and the business's address are read from the settings for each message; the
  // environment's MAIL_FROM and BUSINESS_EMAIL only override them (decision 057).
  const outbox = new OutboxWorker(db, createMailTransport(env.SMTP_URL), env);
  // Every limit counts in the limits' file beside the database, which every worker opens: a guess
  // through one worker counts in all, and a restart forgets no lock (decision 090).
  const limitStore = new LimitStore(limitsFile(env.DATA_DIR));
  const limiter = (name: string, max: number, windowMs: number, maxKeys?: number, maxLocks?: number) =>
    new RateLimiter(max, windowMs, maxKeys, maxLocks, { store: limitStore, name });
  const deps: AppDeps = {
    db,
    env,
    outbox,
    // One generation for every worker on this data directory: a change through any of them clears all (decision 091).
    pageCache: new PageCache(sharedPageGeneration(env.DATA_DIR)),
    secrets: dataDirSecretBox(env.DATA_DIR),
    limitStore,
    limits: {
      contact: limiter("contact", 5, 60_000),
      // Accounts and usernames are named by the client: room for more locks before the limiter
      // is full and refuses every new name (decision 023).
      signInByAccount: limiter("signInByAccount", 10, 15 * 60_000, 10_000, 50_000),
      signInByAddress: limiter("signInByAddress", 10, 15 * 60_000),
      adminSignInByUsername: limiter("adminSignInByUsername", 5, 15 * 60_000, 10_000, 50_000),
      adminSignInByAddress: limiter("adminSignInByAddress", 5, 15 * 60_000),
      passwordReset: limiter("passwordReset", 5, 15 * 60_000),
      passwordResetSubmit: limiter("passwordResetSubmit", 10, 15 * 60_000),
      emailVerification: limiter("emailVerification", 3, 60 * 60_000),
      signUp: limiter("signUp", 10, 60 * 60_000),
      booking: limiter("booking", 20, 60_000),
      paymentRequests: limiter("paymentRequests", 10, 15 * 60_000),
      paypalOrders: limiter("paypalOrders", 30, 15 * 60_000),
      orders: limiter("orders", 10, 15 * 60_000),
      wishlist: limiter("wishlist", 60, 10 * 60_000),
      reviews: limiter("reviews", 10, 60 * 60_000),
      reviewVotes: limiter("reviewVotes", 30, 60 * 60_000),
      caseUploads: limiter("caseUploads", 100, 60 * 60_000),
      caseMessages: limiter("caseMessages", 30, 60 * 60_000),
    },
  };
  // Every write to what public pages show signals it; the cached pages and site data go with it, in
  // every worker (clear() writes the shared generation).
  onPublicDataChange(db, () => deps.pageCache.clear());
  return { deps, app: createApp(deps) };
}
