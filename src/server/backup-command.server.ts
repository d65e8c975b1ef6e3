/**
 * Hands a new backup to the owner's command (`BACKUP_COMMAND`, e.g. `rclone copy {file} remote:pi-site`)
 * without a shell: the command is split into words once (single and double quotes group words, a
 * backslash escapes the next character), and `{file}` inside a word is replaced by the backup's path
 * after splitting, so a path with spaces, quotes or `$(...)` stays one argument and is never run.
 * The command runs in its own process group with a timeout; on timeout the whole group is stopped.
 */
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";

/**
 * Where `pi-site backup` with no file name writes: the data directory's backups folder, named by the
 * moment in UTC like the scheduled ones but "manual", so the scheduled pruning never deletes it.
 * The folder is made if missing.
 */
export function manualBackupTarget(dataDir: string, at: Date): string {
  const dir = join(dataDir, "backups");
  mkdirSync(dir, { recursive: true });
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
  return join(dir, `pi-site-manual-${stamp}.db`);
}

/** The words of `command`, or a message saying why it cannot be split (an unclosed quote). */
export function splitCommand(command: string): string[] | { problem: string } {
  const words: string[] = [];
  let word = "";
  let inWord = false;
  let quote: "'" | '"' | null = null;
  for (let i = 0; i < command.length; i++) {
    const ch = command[i] as string;
    if (quote) {
      if (ch === quote) quote = null;
      else if (ch === "\\" && quote === '"' && i + 1 < command.length) word += command[++i];
      else word += ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      inWord = true;
    } else if (ch === "\\" && i + 1 < command.length) {
      word += command[++i];
      inWord = true;
    } else if (/\s/.test(ch)) {
      if (inWord) words.push(word);
      word = "";
      inWord = false;
    } else {
      word += ch;
      inWord = true;
    }
  }
  if (quote) return { problem: `BACKUP_COMMAND has an unclosed ${quote} quote` };
  if (inWord) words.push(word);
  if (words.length === 0) return { problem: "BACKUP_COMMAND is empty" };
  return words;
}

/** The argument vector for one backup file: `{file}` replaced in every word. */
export function backupCommandArgs(command: string, file: string): string[] | { problem: string } {
  const words = splitCommand(command);
  if (!Array.isArray(words)) return words;
  return words.map((w) => w.replaceAll("{file}", file));
}

/** How the command ended: `output` is the last part of what it printed (stdout and stderr). */
export type CommandOutcome = { ok: true; output: string } | { ok: false; reason: "failed" | "timeout" | "not_started"; message: string; output: string };

const keptOutputChars = 2000;

/** Runs `command` for `file`, stopping it after `timeoutMs`. */
export function runBackupCommand(command: string, file: string, timeoutMs: number): Promise<CommandOutcome> {
  const args = backupCommandArgs(command, file);
  if (!Array.isArray(args)) return Promise.resolve({ ok: false, reason: "not_started", message: args.problem, output: "" });
  const [program, ...rest] = args as [string, ...string[]];
  return new Promise((resolve) => {
    let output = "";
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString("utf8")).slice(-keptOutputChars);
    };
    let timedOut = false;
    let settled = false;
    const finish = (outcome: CommandOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const child = spawn(program, rest, { stdio: ["ignore", "pipe", "pipe"], detached: true });
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    const stopGroup = (signal: NodeJS.Signals) => {
      try {
        if (child.pid) process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      stopGroup("SIGTERM");
      setTimeout(() => stopGroup("SIGKILL"), 5000).unref();
    }, timeoutMs);
    child.on("error", (err) => finish({ ok: false, reason: "not_started", message: `${program} could not be started: ${err.message}`, output }));
    const ended = (code: number | null, signal: NodeJS.Signals | null) => {
      const tail = output.trim();
      if (timedOut) finish({ ok: false, reason: "timeout", message: `${program} did not finish within ${timeoutMs / 1000} s and was stopped`, output: tail });
      else if (code === 0) finish({ ok: true, output: tail });
      else finish({ ok: false, reason: "failed", message: `${program} ended with ${signal ? `signal ${signal}` : `exit code ${code}`}`, output: tail });
    };
    child.on("close", ended);
    // A grandchild that keeps the pipes open must not hold the run up: shortly after the command
    // exits, the run ends with what was read so far.
    child.on("exit", (code, signal) => setTimeout(() => ended(code, signal), 250));
  });
}
