/** Environment configuration, checked by zod at start-up. Every variable is optional. */
import { z } from "zod";

const optional = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

/** A wait on another service in milliseconds, up to two minutes; unset or empty for the default. */
const optionalWait = z.coerce
  .number()
  .int()
  .min(1)
  .max(120_000)
  .optional()
  .or(z.literal("").transform(() => undefined));

const workersMessage = "a whole number of worker processes from 1 to 64 (or unset, for the Worker processes setting)";

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  PUBLIC_URL: z
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  ADMIN_USERNAME: optional,
  ADMIN_PASSWORD: optional,
  SMTP_URL: optional,
  MAIL_FROM: optional,
  BUSINESS_EMAIL: optional,
  PAYPAL_CLIENT_ID: optional,
  PAYPAL_CLIENT_SECRET: optional,
  PAYPAL_API_BASE: optional,
  /** How long one PayPal call may take (default 15 s); tests shorten it to reach the unknown-outcome paths quickly. */
  PAYPAL_TIMEOUT_MS: optionalWait,
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  /** Google's endpoints, overridable so tests can use a local OpenID provider. */
  GOOGLE_AUTH_URL: z.url().default("https://accounts.google.com/o/oauth2/v2/auth"),
  GOOGLE_TOKEN_URL: z.url().default("https://oauth2.googleapis.com/token"),
  GOOGLE_USERINFO_URL: z.url().default("https://openidconnect.googleapis.com/v1/userinfo"),
  /** How long Google's answers to a sign-in may take together (default 15 s); tests shorten it to reach the give-up path quickly. */
  GOOGLE_TIMEOUT_MS: optionalWait,
  /** Reverse proxies in front of the site that append to X-Forwarded-For ("true" means one). */
  TRUST_PROXY: z
    .union([z.enum(["true", "false", ""]), z.string().regex(/^\d{1,2}$/, "a number of proxy hops (0-99), true or false")])
    .optional()
    .transform((v) => (v === "true" ? 1 : v && v !== "false" ? Number(v) : 0)),
  /**
   * A command handed each new scheduled backup, e.g. `rclone copy {file} remote:pi-site`: split into
   * words (quotes group them), `{file}` replaced by the backup's path, run without a shell.
   */
  BACKUP_COMMAND: optional,
  /** How long the backup command may run before it is stopped and the run counted as failed (default 600 s). */
  BACKUP_COMMAND_TIMEOUT_SECONDS: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(1).max(86_400).default(600)),
  /**
   * Where the database is copied continuously (decision 078): `file:///mnt/disk2/pi-site`,
   * `s3://bucket/path` or `sftp://user@host/path`. Unset: no continuous copy.
   */
  LITESTREAM_REPLICA_URL: z
    .string()
    .trim()
    .transform((v) => (v === "" ? undefined : v))
    .pipe(
      z
        .string()
        .regex(/^(file|s3|sftp|gcs|abs):\/\/\S+$/, "file:///path, s3://bucket/path or sftp://user@host/path")
        .optional(),
    )
    .optional(),
  /** An S3-compatible service's address (Backblaze B2, Cloudflare R2, MinIO...); Amazon S3 needs none. */
  LITESTREAM_ENDPOINT: z
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  LITESTREAM_REGION: optional,
  /** The bucket's keys; Litestream reads them from the environment itself, never from a file. */
  LITESTREAM_ACCESS_KEY_ID: optional,
  LITESTREAM_SECRET_ACCESS_KEY: optional,
  /** The private key for an sftp:// replica. */
  LITESTREAM_SFTP_KEY_PATH: optional,
  /** The litestream program; else the one next to pi-site, in node_modules, or on PATH. */
  LITESTREAM_PATH: optional,
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  /**
   * How many processes serve the site (decision 089), overriding the "Worker processes" setting;
   * unset, the setting decides (0 there: one per processor core).
   */
  WORKERS: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(
      z
        .string()
        .regex(/^\d{1,2}$/, workersMessage)
        .transform(Number)
        .pipe(z.number().int().min(1, workersMessage).max(64, workersMessage))
        .optional(),
    ),
});

export type Env = z.infer<typeof envSchema>;

/** The names of every variable the site reads. */
export const envVariableNames = Object.keys(envSchema.shape) as (keyof Env)[];

/** Parses the environment; throws a readable error naming each bad variable. */
export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return parsed.data;
}
