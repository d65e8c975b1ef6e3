/**
 * The background jobs of the binary (order expiry, the payment check, auth housekeeping) run the
 * same way: once now and then every `intervalMs`, never two runs of one job at once, a failure
 * logged and the next run tried as usual, and a timer that never keeps the process alive.
 */
import { log } from "./log.server";

/** Starts `job`; answers a function that stops it. `name` is what a failure is logged as. */
export function startRepeatingJob(name: string, job: () => unknown, intervalMs: number): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await job();
    } catch (err) {
      log.error(`${name} failed`, { error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
    } finally {
      running = false;
    }
  };
  void run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
