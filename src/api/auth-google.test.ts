import { afterAll, beforeAll, beforeEach, afterEach, expect, test } from "bun:test";
import { OAuth2Server } from "oauth2-mock-server";
import { countRows, createTestApp, type TestApp } from "../../tests/helpers/test-app";
import { browser, testPassword } from "../../tests/helpers/browser";

let provider: OAuth2Server;
let t: TestApp;
let profile: Record<string, unknown>;

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate("RS256");
  await provider.start(0, "127.0.0.1");
  provider.service.on("beforeUserinfo", (res: { body: unknown }) => {
    res.body = profile;
  });
});
afterAll(() => provider.stop());

beforeEach(() => {
  profile = { sub: "google-123", email: "gina@example.com", email_verified: true, given_name: "Gina", family_name: "Park" };
  t = createTestApp(googleEnv());
});
afterEach(() => t.close());

/** The app's settings for the local provider, with `overrides`. */
function googleEnv(overrides: Record<string, string> = {}) {
  const base = provider.issuer.url!;
  return {
    GOOGLE_CLIENT_ID: "client-id",
    GOOGLE_CLIENT_SECRET: "client-secret",
    GOOGLE_AUTH_URL: `${base}/authorize`,
    GOOGLE_TOKEN_URL: `${base}/token`,
    GOOGLE_USERINFO_URL: `${base}/userinfo`,
    ...overrides,
  };
}

/** Starts sign-in and lets the provider approve it; returns the callback path it redirects to. */
async function authorize(b: ReturnType<typeof browser>) {
  const start = await b.get("/api/auth/google?returnTo=%2Fdashboard");
  expect(start.status).toBe(302);
  const url = new URL(start.headers.get("location")!);
  expect(url.searchParams.get("code_challenge_method")).toBe("S256");
  expect(url.searchParams.get("state")).toBe(b.jar.get("pi_oauth_state")!);
  const approved = await fetch(url, { redirect: "manual" });
  const back = new URL(approved.headers.get("location")!);
  return `${back.pathname}${back.search}`;
}

test("Google sign-in creates the account and a session, then lands on returnTo", async () => {
  const b = browser(t);
  const login = await (await b.get("/login")).text();
  expect(login).toContain("Continue with Google");
  const callback = await authorize(b);
  const res = await b.get(callback);
  expect(res.status).toBe(302);
  expect(res.headers.get("location")).toBe("/dashboard");
  expect(b.jar.get("pi_oauth_state")).toBeUndefined();
  const me = (await (await b.get("/api/auth/user")).json()) as { email: string; firstName: string };
  expect(me).toMatchObject({ email: "gina@example.com", firstName: "Gina" });
  expect(t.db.$client.query("SELECT google_id AS g, password_hash AS p FROM users").get()).toEqual({ g: "google-123", p: null });
});

for (const silent of ["GOOGLE_TOKEN_URL", "GOOGLE_USERINFO_URL"] as const) {
  test(`a Google that never answers (${silent}) sends the visitor back to sign in with the message; no account, no session`, async () => {
    const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Promise<Response>(() => {}) });
    try {
      t.close();
      t = createTestApp(googleEnv({ [silent]: `http://127.0.0.1:${server.port}/silent`, GOOGLE_TIMEOUT_MS: "300" }));
      const b = browser(t);
      const res = await b.get(await authorize(b));
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/login?returnTo=%2Fdashboard&error=google");
      expect(countRows(t, "users")).toBe(0);
      expect(countRows(t, "sessions")).toBe(0);
    } finally {
      server.stop(true);
    }
  });
}

test("a replayed callback creates no session", async () => {
  const b = browser(t);
  const callback = await authorize(b);
  await b.get(callback);
  expect(countRows(t, "sessions")).toBe(1);
  const attacker = browser(t);
  const replay = await attacker.get(callback);
  expect(replay.headers.get("location")).toContain("error=google");
  const again = await b.get(callback); // the same browser: its state cookie is gone
  expect(again.headers.get("location")).toContain("error=google");
  expect(countRows(t, "sessions")).toBe(1);
});

test("a callback whose state does not match creates no session", async () => {
  const b = browser(t);
  const callback = await authorize(b);
  b.jar.set("pi_oauth_state", "someone-elses-state");
  const res = await b.get(callback);
  expect(res.headers.get("location")).toContain("error=google");
  expect(countRows(t, "sessions")).toBe(0);
  expect(countRows(t, "users")).toBe(0);
});

test("an unverified Google e-mail is refused", async () => {
  profile.email_verified = false;
  const b = browser(t);
  const res = await b.get(await authorize(b));
  expect(res.headers.get("location")).toContain("error=google");
  expect(countRows(t, "users")).toBe(0);
});

test("without configuration the Google button is absent and the route answers 404", async () => {
  const plain = createTestApp();
  try {
    expect(await (await plain.request("/login")).text()).not.toContain("Continue with Google");
    expect((await plain.request("/api/auth/google")).status).toBe(404);
  } finally {
    plain.close();
  }
});

test("a hostile returnTo is replaced before it is kept for the callback", async () => {
  for (const evil of ["/%09/evil.example", "/%0A/evil.example", "/%5Cevil.example", "//evil.example"]) {
    const b = browser(t);
    const start = await b.get(`/api/auth/google?returnTo=${evil}`);
    expect(start.status).toBe(302);
    expect([evil, decodeURIComponent(b.jar.get("pi_oauth_return")!)]).toEqual([evil, "/dashboard"]);
  }
});

test("a profile without email_verified is refused with a clear message", async () => {
  delete profile.email_verified;
  const b = browser(t);
  const res = await b.get(await authorize(b));
  const location = res.headers.get("location")!;
  expect(location).toContain("error=google-unverified");
  expect(countRows(t, "users")).toBe(0);
  expect(await (await b.get(location)).text()).toContain("Google has not confirmed the e-mail address");
});

test("email_verified given as a string is not taken as true", async () => {
  profile.email_verified = "true";
  const b = browser(t);
  expect((await b.get(await authorize(b))).headers.get("location")).toContain("error=google-unverified");
  expect(countRows(t, "users")).toBe(0);
});

test("a new account from Google starts verified", async () => {
  const b = browser(t);
  await b.get(await authorize(b));
  expect((t.db.$client.query("SELECT email_verified_at AS v FROM users").get() as { v: number | null }).v).not.toBeNull();
});

test("linking into an unverified account ends its sessions and clears its password", async () => {
  // Someone else signed up first with Gina's address (never verified) and is signed in.
  const squatter = browser(t);
  await squatter.signUp("gina@example.com");
  expect((await squatter.get("/api/auth/user")).status).toBe(200);

  const gina = browser(t);
  const res = await gina.get(await authorize(gina));
  expect(res.headers.get("location")).toBe("/dashboard");
  expect((await gina.get("/api/auth/user")).status).toBe(200);

  expect((await squatter.get("/api/auth/user")).status).toBe(401);
  expect((await browser(t).signIn("gina@example.com", testPassword)).status).toBe(401);
  const row = t.db.$client.query("SELECT google_id AS g, password_hash AS p, email_verified_at AS v FROM users").get() as {
    g: string;
    p: string | null;
    v: number | null;
  };
  expect(row.g).toBe("google-123");
  expect(row.p).toBeNull();
  expect(row.v).not.toBeNull();
  expect(countRows(t, "sessions")).toBe(1);
});

test("linking into a verified account keeps its password and sessions", async () => {
  const owner = browser(t);
  const userId = await owner.signUp("gina@example.com");
  t.db.$client.query("UPDATE users SET email_verified_at = ? WHERE id = ?").run(Date.now(), userId);
  const viaGoogle = browser(t);
  await viaGoogle.get(await authorize(viaGoogle));
  expect((await owner.get("/api/auth/user")).status).toBe(200);
  expect((await browser(t).signIn("gina@example.com", testPassword)).status).toBe(303);
});
