/**
 * The files of deploy/ (docs/deploy.md), checked by the tools that read them: the systemd unit by
 * `systemd-analyze verify` and `security`, the Caddyfile by `caddy validate`, the firewall by
 * `nft -c`; the environment example by the site's own `readEnv`. Then the built binary is started
 * with the example's environment, first plainly and then (as root, where mount namespaces work)
 * inside the unit's sandbox rebuilt by hand: a read-only system, only /var/lib/pi-site writable,
 * private /tmp, no /home, its own user, no new privileges and no capabilities.
 * `scripts/ensure-deploy-tools.ts` (run by `npm test`) installs the tools when missing.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { envVariableNames, readEnv } from "../../src/server/env.server";
import { collectText, freePort } from "./process-helpers";

const root = join(import.meta.dir, "../..");
const deploy = (name: string) => join(root, "deploy", name);
const binary = join(root, "dist/pi-site");
const work = mkdtempSync(join(tmpdir(), "pi-site-deploy-files-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function run(cmd: string[], opts: { cwd?: string } = {}) {
  const r = Bun.spawnSync(cmd, { cwd: opts.cwd ?? root, stdout: "pipe", stderr: "pipe" });
  return { code: r.exitCode, stdout: r.stdout.toString(), stderr: r.stderr.toString() };
}

/** The lines `KEY=value` of a systemd EnvironmentFile, the way systemd reads them (comments and blank lines skipped, quotes taken off). */
function parseEnvironmentFile(text: string): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (!line || line.startsWith("#") || line.startsWith(";")) continue;
    const eq = line.indexOf("=");
    if (eq <= 0) throw new Error(`not KEY=value: ${line}`);
    const value = line.slice(eq + 1).trim();
    vars[line.slice(0, eq).trim()] = /^(["']).*\1$/.test(value) ? value.slice(1, -1) : value;
  }
  return vars;
}

/** The unit's `Key=value` lines of its [Service] section (a key set twice keeps every value). */
function unitSettings(text: string): Map<string, string[]> {
  const settings = new Map<string, string[]>();
  let section = "";
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line.startsWith("[")) section = line;
    if (section !== "[Service]" || !line || line.startsWith("#") || !line.includes("=")) continue;
    const eq = line.indexOf("=");
    const key = line.slice(0, eq);
    settings.set(key, [...(settings.get(key) ?? []), line.slice(eq + 1)]);
  }
  return settings;
}

async function waitForHealth(url: string, proc: { exitCode: number | null }, logs: () => string) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) break;
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return res;
    } catch {
      await Bun.sleep(50);
    }
  }
  throw new Error(`the site did not answer /healthz:\n${logs()}`);
}

const unitText = readFileSync(deploy("pi-site.service"), "utf8");
const exampleEnv = parseEnvironmentFile(readFileSync(deploy("env.example"), "utf8"));

describe("deploy/pi-site.service", () => {
  test("systemd-analyze verify finds nothing to say", () => {
    // verify insists the ExecStart program exists: point the copy at the built binary (or any executable).
    const program = existsSync(binary) ? binary : "/bin/true";
    const dir = join(work, "unit");
    mkdirSync(dir, { recursive: true });
    const copy = join(dir, "pi-site.service");
    writeFileSync(copy, unitText.replace("/usr/local/bin/pi-site", program));
    const r = run(["systemd-analyze", "verify", copy]);
    expect(r.stderr.trim()).toBe("");
    expect(r.code).toBe(0);
  });

  test("it runs sandboxed as its own user, writing only the data folder, restarted on failure", () => {
    const s = unitSettings(unitText);
    const one = (key: string) => s.get(key)?.at(-1);
    expect(one("User")).toBe("pi-site");
    expect(one("EnvironmentFile")).toBe("/etc/pi-site/env");
    expect(one("ExecStart")).toBe("/usr/local/bin/pi-site serve");
    expect(one("ProtectSystem")).toBe("strict");
    expect(one("ReadWritePaths")).toBe("/var/lib/pi-site");
    expect(one("WorkingDirectory")).toBe(exampleEnv.DATA_DIR);
    for (const key of ["NoNewPrivileges", "PrivateTmp", "ProtectHome", "PrivateDevices", "RestrictSUIDSGID"]) expect(one(key)).toBe("yes");
    expect(one("Restart")).toBe("on-failure");
    expect(one("CapabilityBoundingSet")).toBe("");
    // Bun's JIT writes machine code and runs it: this one would stop the site from starting.
    expect(s.has("MemoryDenyWriteExecute")).toBe(false);
  });

  test("systemd-analyze security rates it exposure 2.0 or better", () => {
    const r = run(["systemd-analyze", "security", "--offline=true", "--threshold=20", join(work, "unit/pi-site.service")]);
    const level = /Overall exposure level for pi-site\.service: ([\d.]+)/.exec(r.stdout)?.[1];
    expect(Number(level)).toBeLessThanOrEqual(2);
    expect(r.code).toBe(0);
  });
});

describe("deploy/Caddyfile", () => {
  test("caddy validate accepts it, and it is formatted as caddy fmt writes it", () => {
    const r = run(["caddy", "validate", "--config", deploy("Caddyfile"), "--adapter", "caddyfile"]);
    expect(r.stdout + r.stderr).toContain("Valid configuration");
    expect(r.stdout + r.stderr).not.toContain("not formatted");
    expect(r.code).toBe(0);
  });

  test("it proxies to the port of the environment example and redirects www", () => {
    const text = readFileSync(deploy("Caddyfile"), "utf8");
    expect(text).toContain(`reverse_proxy 127.0.0.1:${exampleEnv.PORT}`);
    expect(text).toMatch(/www\.example\.com \{\s+redir https:\/\/example\.com\{uri\} permanent/);
    expect(new URL(exampleEnv.PUBLIC_URL ?? "").host).toBe("example.com");
  });
});

describe("deploy/nftables.conf", () => {
  test("nft -c accepts it", () => {
    const r = run(["nft", "-c", "-f", deploy("nftables.conf")]);
    expect(r.stderr.trim()).toBe("");
    expect(r.code).toBe(0);
  });

  test("it lets in ports 22, 80 and 443 only, and drops the rest", () => {
    const text = readFileSync(deploy("nftables.conf"), "utf8");
    expect(text).toMatch(/chain input \{\s+type filter hook input priority filter; policy drop;/);
    const ports = [...text.matchAll(/^\s*(?:tcp|udp) dport (\{[^}]*\}|\d+) accept/gm)].flatMap((m) =>
      (m[1] ?? "")
        .replace(/[{}]/g, "")
        .split(",")
        .map((p) => Number(p.trim())),
    );
    expect([...new Set(ports)].sort((a, b) => a - b)).toEqual([22, 80, 443]);
    expect(text).not.toMatch(/dport 3000/);
  });
});

describe("deploy/env.example", () => {
  test("every variable in it is one the site reads, and the site accepts the values", () => {
    for (const key of Object.keys(exampleEnv)) expect(envVariableNames as string[]).toContain(key);
    const env = readEnv(exampleEnv);
    expect(env.TRUST_PROXY).toBe(1);
    expect(env.PUBLIC_URL).toBe("https://example.com");
    expect(env.DATA_DIR).toBe("/var/lib/pi-site");
    expect(env.HOST).toBe("127.0.0.1");
  });

  test("it names the variables of mail, PayPal and backups", () => {
    for (const key of ["SMTP_URL", "MAIL_FROM", "BUSINESS_EMAIL", "PAYPAL_CLIENT_ID", "PAYPAL_CLIENT_SECRET", "BACKUP_COMMAND"])
      expect(Object.keys(exampleEnv)).toContain(key);
  });
});

describe("the built binary with the unit's environment", () => {
  const siteEnv = (dataDir: string, port: number) => ({
    ...exampleEnv,
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: "info",
  });

  test("starts with only the environment file's variables, answers /healthz and takes its first backup", async () => {
    if (!existsSync(binary)) throw new Error("dist/pi-site is missing: run `bun scripts/build.ts` first (npm test does)");
    const dataDir = join(work, "plain");
    mkdirSync(dataDir);
    const port = await freePort();
    // No inherited environment, as under systemd: only what EnvironmentFile= gives.
    const proc = Bun.spawn([binary, "serve"], { cwd: dataDir, env: siteEnv(dataDir, port), stdout: "pipe", stderr: "pipe" });
    let logs = "";
    collectText(proc.stdout, (text) => {
      logs += text;
    });
    collectText(proc.stderr, (text) => {
      logs += text;
    });
    try {
      const res = await waitForHealth(`http://127.0.0.1:${port}`, proc, () => logs);
      expect(await res.json()).toEqual({ status: "ok" });
      expect(readdirSync(join(dataDir, "backups")).some((f) => /^pi-site-backup-\d{8}T\d{6}Z\.db$/.test(f))).toBe(true);
    } finally {
      proc.kill("SIGTERM");
      await proc.exited;
    }
    expect(logs).toContain('"msg":"listening"');
    expect(logs).not.toContain('"level":"error"');
  }, 30_000);

  test("starts inside the unit's sandbox rebuilt with unshare and setpriv (root only)", async () => {
    if (!existsSync(binary)) throw new Error("dist/pi-site is missing: run `bun scripts/build.ts` first (npm test does)");
    const canSandbox = process.getuid?.() === 0 && run(["unshare", "--mount", "true"]).code === 0 && run(["setpriv", "--version"]).code === 0;
    if (!canSandbox) {
      console.warn("skipped: rebuilding the unit's sandbox needs root, unshare and setpriv");
      return;
    }
    const dataDir = join(work, "sandboxed");
    mkdirSync(dataDir);
    chownSync(dataDir, 65534, 65534); // nobody: a user of its own, as User= gives
    const port = await freePort();
    const env = Object.entries(siteEnv("/var/lib/pi-site", port)).map(([k, v]) => `${k}=${v}`);
    // The mounts of ProtectSystem=strict + ReadWritePaths, PrivateTmp and ProtectHome, then the
    // user, NoNewPrivileges and an empty CapabilityBoundingSet, in a mount namespace of its own.
    // The binary is bound to /mnt/pi-site first (its own place, as /usr/local/bin is on the VPS):
    // the checkout it was built in may be under /tmp or a home folder, which the sandbox hides.
    const script = [
      "set -e",
      'mount -t tmpfs tmpfs /mnt && touch /mnt/pi-site && mount --bind "$2" /mnt/pi-site',
      'mount -t tmpfs tmpfs /var/lib && mkdir /var/lib/pi-site && mount --bind "$1" /var/lib/pi-site && mount -o remount,ro /var/lib',
      "mount -t tmpfs tmpfs /tmp && mount -t tmpfs tmpfs /var/tmp",
      "mount -t tmpfs -o ro tmpfs /home && mount -t tmpfs -o ro tmpfs /root",
      "mount -o remount,bind,ro /",
      "cd /var/lib/pi-site",
      'shift 2; exec setpriv --reuid=nobody --regid=nogroup --clear-groups --no-new-privs --inh-caps=-all --bounding-set=-all env -i "$@"',
    ].join("\n");
    const proc = Bun.spawn(
      ["unshare", "--mount", "--propagation", "private", "sh", "-c", script, "sandbox", dataDir, binary, ...env, "/mnt/pi-site", "serve"],
      {
        stdout: "pipe",
        stderr: "pipe",
      },
    );
    let logs = "";
    collectText(proc.stdout, (text) => {
      logs += text;
    });
    collectText(proc.stderr, (text) => {
      logs += text;
    });
    try {
      await waitForHealth(`http://127.0.0.1:${port}`, proc, () => logs);
      // It wrote its database and first backup where it may, as its own user.
      expect(existsSync(join(dataDir, "pi-site.db"))).toBe(true);
      expect(readdirSync(join(dataDir, "backups")).length).toBeGreaterThan(0);
      const sign = await fetch(`http://127.0.0.1:${port}/`);
      expect(sign.status).toBe(200);
    } finally {
      proc.kill("SIGTERM");
      await proc.exited;
    }
    expect(logs).not.toContain('"level":"error"');
  }, 30_000);
});
