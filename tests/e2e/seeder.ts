/**
 * `seed()`'s way to tests/e2e/seed.ts: one Bun process per Playwright worker, asked synchronously.
 * Starting Bun and loading the factories for each request took about 0.4 s of a busy machine's
 * CPU; a request to the running process takes a few milliseconds. The specs call `seed()` as a
 * plain function, so the call blocks: a worker thread owns the Bun process and its pipes (its
 * event loop keeps running while this thread waits), hands each answer over a message port and
 * wakes this thread through shared memory.
 */
import { join } from "node:path";
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from "node:worker_threads";

/** How long one request may take, the process's start included, before the spec fails. */
const answerWithinMs = 60_000;

// The worker thread, as CommonJS source: it starts Bun, passes requests on and answers come back
// one line each, in order.
const threadSource = `
const { parentPort, workerData } = require("node:worker_threads");
const { spawn } = require("node:child_process");
const { port, signal, bun, script, cwd } = workerData;
const flag = new Int32Array(signal);
const child = spawn(bun, [script], { cwd, stdio: ["pipe", "pipe", "pipe"] });
let out = "";
let err = "";
let gone = null;
const answer = (message) => {
  port.postMessage(message);
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
};
child.stdout.setEncoding("utf8");
child.stdout.on("data", (chunk) => {
  out += chunk;
  for (let end = out.indexOf("\\n"); end !== -1; end = out.indexOf("\\n")) {
    const line = out.slice(0, end);
    out = out.slice(end + 1);
    try {
      answer(JSON.parse(line));
    } catch {
      err = (err + line + "\\n").slice(-4000);
    }
  }
});
child.stderr.setEncoding("utf8");
child.stderr.on("data", (chunk) => { err = (err + chunk).slice(-4000); });
child.on("exit", (code, sig) => {
  gone = "the seeding process ended (" + (sig ?? code) + ")" + (err ? ": " + err : "");
  answer({ error: gone });
});
child.on("error", (e) => answer({ error: "the seeding process did not start: " + e.message }));
parentPort.on("message", (request) => {
  if (gone) answer({ error: gone });
  else child.stdin.write(JSON.stringify(request) + "\\n");
});
`;

/** An answer to request `id`; one without an id says the process is gone. */
type Answer = { id?: number; result?: unknown; error?: string };
let seeder: { thread: Worker; port: MessagePort; flag: Int32Array } | null = null;
let lastId = 0;

function started() {
  if (seeder) return seeder;
  const { port1, port2 } = new MessageChannel();
  const signal = new SharedArrayBuffer(4);
  const root = process.cwd();
  const thread = new Worker(threadSource, {
    eval: true,
    workerData: { port: port2, signal, bun: join(root, "node_modules/.bin/bun"), script: join(root, "tests/e2e/seed.ts"), cwd: root },
    transferList: [port2],
  });
  // Neither keeps the Playwright worker alive once its tests are done; Bun ends when its stdin closes.
  thread.unref();
  port1.unref();
  seeder = { thread, port: port1, flag: new Int32Array(signal) };
  return seeder;
}

/** The answer to request `id`, waiting until `deadline` (an answer to an earlier request that gave up waiting is passed over). */
function answerTo(id: number, deadline: number): Answer {
  const { port, flag } = started();
  for (;;) {
    // Cleared before looking, so an answer arriving after the look makes the wait return at once.
    Atomics.store(flag, 0, 0);
    for (let received = receiveMessageOnPort(port); received; received = receiveMessageOnPort(port)) {
      const answer = received.message as Answer;
      if (answer.id === id || answer.id === undefined) return answer;
    }
    const left = deadline - Date.now();
    if (left <= 0 || Atomics.wait(flag, 0, 0, left) === "timed-out") return { error: `no answer within ${answerWithinMs / 1000} s` };
  }
}

/** Runs the factory `name` with `args` on the database `file` and answers what it returned. */
export function runFactory(file: string, name: string, args: unknown[]): unknown {
  const id = ++lastId;
  started().thread.postMessage({ id, file, name, args });
  const answer = answerTo(id, Date.now() + answerWithinMs);
  if (answer.error !== undefined) throw new Error(`seeding ${name} ${JSON.stringify(args)} failed: ${answer.error}`);
  return answer.result;
}
