/**
 * Makes sure the tools the deploy and operations tests use are there: for tests/deploy/, the tools
 * that read the files in deploy/: `caddy` (Debian package `caddy`, for `caddy validate`), `nft`
 * (package `nftables`, for `nft -c`) and `systemd-analyze` (package `systemd`); for tests/ops/,
 * `wrk` (the load of the upgrade test) and `faketime` (libfaketime, the simulated clock of the
 * mail-server-down and payment-check tests). When one is missing and running as root on Debian,
 * installs its package with apt-get; otherwise says how. Answers the tools still missing.
 */
import { existsSync } from "node:fs";

/** Each tool and the Debian package that has it. */
export const deployTools = [
  { command: "caddy", args: ["version"], pkg: "caddy" },
  { command: "nft", args: ["--version"], pkg: "nftables" },
  { command: "systemd-analyze", args: ["--version"], pkg: "systemd" },
  { command: "wrk", args: [], pkg: "wrk" },
  { command: "faketime", args: ["--version"], pkg: "faketime" },
] as const;

/** True when `command` runs (with no `args`: when it is on the PATH; wrk has no flag that exits 0). */
export function hasTool(command: string, args: readonly string[]): boolean {
  if (args.length === 0) return Bun.which(command) !== null;
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
        `The deploy and operations tests use ${still.map((t) => t.command).join(", ")}, and ${still.length === 1 ? "it is" : "they are"} missing.`,
        `  Debian/Ubuntu:  sudo apt-get install ${still.map((t) => t.pkg).join(" ")}`,
      ].join("\n"),
    );
  }
  return still.map((t) => t.command);
}

if (import.meta.main) process.exit(ensureDeployTools().length === 0 ? 0 : 1);
