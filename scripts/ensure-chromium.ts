/**
 * Makes sure a Chromium for the end-to-end tests is installed: CHROMIUM_PATH, or Debian's
 * /usr/bin/chromium. When missing and running as root, installs Debian's `chromium` with apt-get;
 * otherwise says how. Exits non-zero when no browser can be had.
 */
import { existsSync } from "node:fs";

export function chromiumPath() {
  return process.env.CHROMIUM_PATH || "/usr/bin/chromium";
}

function run(cmd: string[]) {
  console.log(`$ ${cmd.join(" ")}`);
  const r = Bun.spawnSync(cmd, { stdout: "inherit", stderr: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  return r.exitCode === 0;
}

/** True when a Chromium is (now) available. */
export function ensureChromium(): boolean {
  const path = chromiumPath();
  if (existsSync(path)) return true;
  if (process.env.CHROMIUM_PATH) {
    console.error(`CHROMIUM_PATH is set to ${path}, which does not exist.`);
    return false;
  }
  if (process.platform === "linux" && process.getuid?.() === 0 && existsSync("/usr/bin/apt-get")) {
    console.log("Chromium is missing: installing Debian's chromium package.");
    if (run(["apt-get", "update", "-qq"]) && run(["apt-get", "install", "-y", "-qq", "--no-install-recommends", "chromium"]) && existsSync(path)) return true;
  }
  console.error(
    [
      "The end-to-end tests need Chromium and none was found.",
      "  Debian/Ubuntu:  sudo apt-get install chromium",
      "  Elsewhere:      install Chromium or Chrome and set CHROMIUM_PATH=/path/to/chromium",
    ].join("\n"),
  );
  return false;
}

if (import.meta.main) process.exit(ensureChromium() ? 0 : 1);
