import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { backupCommandArgs, runBackupCommand, splitCommand } from "./backup-command.server";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "pi-site-backup-command-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("splitting the command", () => {
  test("words, quoted words and escapes, as a shell would split them", () => {
    expect(splitCommand("rclone copy {file} remote:pi-site")).toEqual(["rclone", "copy", "{file}", "remote:pi-site"]);
    expect(splitCommand(`scp -i "/etc/pi site/key" {file} 'backup@host:/srv/a b/'`)).toEqual([
      "scp",
      "-i",
      "/etc/pi site/key",
      "{file}",
      "backup@host:/srv/a b/",
    ]);
    expect(splitCommand(String.raw`cp {file} /srv/a\ b ""`)).toEqual(["cp", "{file}", "/srv/a b", ""]);
  });

  test("an unclosed quote or nothing at all is refused", () => {
    expect(splitCommand(`cp {file} "/srv`)).toEqual({ problem: 'BACKUP_COMMAND has an unclosed " quote' });
    expect(splitCommand("   ")).toEqual({ problem: "BACKUP_COMMAND is empty" });
  });

  test("{file} is put in after splitting: a path with spaces, quotes and $(...) stays one argument", () => {
    const path = `/var/lib/pi-site/backups/it's a "backup" $(touch pwned) ; rm -rf x.db`;
    expect(backupCommandArgs("rclone copy {file} remote:pi-site", path)).toEqual(["rclone", "copy", path, "remote:pi-site"]);
    expect(backupCommandArgs("upload --name=pi-{file}", "/b.db")).toEqual(["upload", "--name=pi-/b.db"]);
  });
});

describe("running the command", () => {
  test("success: the file reaches the command whatever its name, and nothing in the name is run", async () => {
    const name = `it's a "backup" $(touch pwned) ; touch pwned2 ` + "`touch pwned3`.db";
    const file = join(dir, name);
    writeFileSync(file, "backup bytes");
    const target = join(dir, "offsite");
    mkdirSync(target);
    const outcome = await runBackupCommand(`cp {file} "${target}/"`, file, 10_000);
    expect(outcome).toEqual({ ok: true, output: "" });
    expect(readdirSync(target)).toEqual([name]);
    expect(readFileSync(join(target, name), "utf8")).toBe("backup bytes");
    for (const f of ["pwned", "pwned2", "pwned3"]) {
      expect(existsSync(join(dir, f))).toBe(false);
      expect(existsSync(f)).toBe(false);
    }
  });

  test("failure: a non-zero exit is a failure, with what the command printed", async () => {
    const outcome = await runBackupCommand(`sh -c "echo uploading; echo 'remote refused: quota exceeded' >&2; exit 3"`, join(dir, "b.db"), 10_000);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.reason).toBe("failed");
    expect(outcome.message).toBe("sh ended with exit code 3");
    expect(outcome.output).toContain("uploading");
    expect(outcome.output).toContain("remote refused: quota exceeded");
  });

  test("a command that does not exist is a failure, not a crash", async () => {
    const outcome = await runBackupCommand("/nonexistent/rclone copy {file} x:", join(dir, "b.db"), 10_000);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.reason).toBe("not_started");
      expect(outcome.message).toContain("/nonexistent/rclone could not be started");
    }
  });

  test("timeout: the command and what it started are stopped, and the run fails in time", async () => {
    const marker = join(dir, "still-running");
    const started = Date.now();
    // The shell starts a subshell of its own that would write the marker after 1.5 s: stopping the
    // process group stops it too (stopping the shell alone would not).
    const outcome = await runBackupCommand(`sh -c "(sleep 1.5; touch '${marker}') & sleep 30"`, join(dir, "b.db"), 500);
    expect(Date.now() - started).toBeLessThan(2500);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.reason).toBe("timeout");
      expect(outcome.message).toBe("sh did not finish within 0.5 s and was stopped");
    }
    await Bun.sleep(2000);
    expect(existsSync(marker)).toBe(false);
  }, 10_000);
});
