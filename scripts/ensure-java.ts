/**
 * Makes sure a Java runtime (11 or later) is there for the Nu HTML checker (vnu.jar, from the
 * vnu-jar package) that tests/e2e/html-checker.spec.ts runs: JAVA_HOME's, or `java` on the PATH.
 * When missing and running as root on Debian, installs `default-jre-headless` with apt-get;
 * otherwise says how. Answers false when no Java can be had.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";

export function javaCommand() {
  return process.env.JAVA_HOME ? join(process.env.JAVA_HOME, "bin/java") : "java";
}

function works(): boolean {
  try {
    return Bun.spawnSync([javaCommand(), "-version"], { stdout: "ignore", stderr: "ignore" }).exitCode === 0;
  } catch {
    return false;
  }
}

function run(cmd: string[]) {
  console.log(`$ ${cmd.join(" ")}`);
  const r = Bun.spawnSync(cmd, { stdout: "inherit", stderr: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  return r.exitCode === 0;
}

/** True when a Java runtime is (now) available. */
export function ensureJava(): boolean {
  if (works()) return true;
  if (!process.env.JAVA_HOME && process.platform === "linux" && process.getuid?.() === 0 && existsSync("/usr/bin/apt-get")) {
    console.log("Java is missing (the Nu HTML checker needs it): installing Debian's default-jre-headless package.");
    if (run(["apt-get", "update", "-qq"]) && run(["apt-get", "install", "-y", "-qq", "--no-install-recommends", "default-jre-headless"]) && works())
      return true;
  }
  console.error(
    [
      "The HTML checker test needs Java 11 or later and none was found.",
      "  Debian/Ubuntu:  sudo apt-get install default-jre-headless",
      "  Elsewhere:      install a Java runtime and put `java` on the PATH, or set JAVA_HOME",
    ].join("\n"),
  );
  return false;
}

if (import.meta.main) process.exit(ensureJava() ? 0 : 1);
