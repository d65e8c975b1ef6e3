/**
 * Makes sure the tools that read the files in deploy/ are there for tests/deploy/: `caddy` (Debian
 * package `caddy`, for `caddy validate`), `nft` (package `nftables`, for `nft -c`) and
 * `systemd-analyze` (package `systemd`). When one is missing and running as root on Debian,
 * installs its package with apt-get; otherwise says how. Answers the tools still missing.
 */
import { existsSync } from "node:fs";

/** Each tool and the Debian package that has it. */
export const deployTools = [
  { command: "caddy", args: ["version"], pkg: "caddy" },
  { command: "nft", args: ["--version"], pkg: "nftables" },
  { command: "systemd-analyze", args: ["--version"], pkg: "systemd" },
] as const;

/** True when `command` runs. */
export function hasTool(command: string, args: readonly string[]): boolean {
  try {
    return Bun.spawnSync([command, ...args], { stdout: "ignore", stderr: "ignore" }).exitCode === 0;
  } catch {
    return false;
  }
}

function run(cmd: string[]) {
  console.log(`$ ${cmd.join(" ")}`);
  const r = Bun.spawnSync(cmd, { stdout: "inherit", stderr: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  return r.exitCode === 0;
}

/** The names of the tools still missing after trying to install them (empty when all are there). */
export function ensureDeployTools(): string[] {
  const missing = () => deployTools.filter((t) => !hasTool(t.command, t.args));
  const first = missing();
  if (first.length === 0) return [];
  const packages = first.map((t) => t.pkg);
  if (process.platform === "linux" && process.getuid?.() === 0 && existsSync("/usr/bin/apt-get")) {
    console.log(`Missing for the deploy tests: ${first.map((t) => t.command).join(", ")}; installing Debian's ${packages.join(", ")}.`);
    if (run(["apt-get", "update", "-qq"])) run(["apt-get", "install", "-y", "-qq", "--no-install-recommends", ...packages]);
  }
  const still = missing();
  if (still.length > 0) {
    console.error(
      [
        `The deploy tests check deploy/ with ${still.map((t) => t.command).join(", ")}, and ${still.length === 1 ? "it is" : "they are"} missing.`,
        `  Debian/Ubuntu:  sudo apt-get install ${still.map((t) => t.pkg).join(" ")}`,
      ].join("\n"),
    );
  }
  return still.map((t) => t.command);
}

if (import.meta.main) process.exit(ensureDeployTools().length === 0 ? 0 : 1);
