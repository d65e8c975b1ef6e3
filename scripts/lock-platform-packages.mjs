/**
 * Adds the platform-specific optional packages (Tailwind's oxide, Biome's CLI, …) that npm left out
 * of package-lock.json because the registry it resolved against had no such version. Without their
 * entries `npm ci` refuses the lock as out of sync; with them, npm skips the ones for other platforms
 * and fetches the right one on each machine. Run with node after `npm install` changes the lock.
 */
import { readFileSync, writeFileSync } from "node:fs";

const file = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(file, "utf8"));
const oses = ["android", "darwin", "freebsd", "linux", "win32", "openbsd", "sunos", "aix"];
const cpus = { arm64: "arm64", aarch64: "arm64", x64: "x64", arm: "arm", ia32: "ia32", wasm32: "wasm32" };

/** The os/cpu/libc fields npm would have copied from the package's own manifest, read from its name. */
function platformOf(name) {
  const parts = name.split("/").pop().split("-");
  const os = oses.find((o) => parts.includes(o));
  const cpu = Object.keys(cpus).find((c) => parts.includes(c));
  const libc = parts.includes("musl") ? "musl" : os === "linux" && parts.some((p) => p.startsWith("gnu")) ? "glibc" : undefined;
  return { ...(cpu ? { cpu: [cpus[cpu]] } : {}), ...(libc ? { libc: [libc] } : {}), optional: true, ...(os ? { os: [os] } : {}) };
}

const packages = {};
let added = 0;
for (const [key, entry] of Object.entries(lock.packages)) {
  packages[key] = entry;
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const depKey = `node_modules/${dep}`;
    if (lock.packages[depKey] || packages[depKey]) continue;
    packages[depKey] = { version, ...platformOf(dep) };
    added++;
  }
}
lock.packages = packages;
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lock: ${added} platform package entr${added === 1 ? "y" : "ies"} added`);
