/**
 * The public pages' generation, shared by every worker on one data directory (decision 091).
 * Any change to what public pages show writes a new value; each worker compares it with the value
 * its cached pages were rendered under before it serves one, and drops them all when it moved.
 *
 * It lives in an 8-byte file in the data directory, mapped into each process's memory with a
 * shared mapping: every process reads the same page of memory, so a value written by one worker is
 * what every other reads next, and a check is one memory load (a few nanoseconds, where asking
 * SQLite costs about 4 µs: measured in decision 091). A change writes a fresh random value, never
 * "the old one plus one": two workers changing at once could otherwise both write the same number
 * and a worker that had seen the first change would not notice the second.
 */
import { closeSync, fstatSync, ftruncateSync, openSync } from "node:fs";
import { join } from "node:path";

/** The file beside the database that holds the generation. */
export const pageGenerationFile = "page-generation";

export type PageGeneration = {
  /** The current value; equal values mean nothing public changed in between. */
  read(): number;
  /** Writes a value different from the current one (after a change has committed). */
  bump(): void;
};

/** A random whole number below 2^53 other than `current`: held exactly by a double, never NaN. */
function freshValue(current: number): number {
  const words = new Uint32Array(2);
  for (;;) {
    crypto.getRandomValues(words);
    const [high = 0, low = 0] = words;
    const value = (high & 0x1f_ffff) * 2 ** 32 + low;
    if (value !== current) return value;
  }
}

/** The generation shared through `<dataDir>/page-generation` (created on first use). */
export function sharedPageGeneration(dataDir: string): PageGeneration {
  const path = join(dataDir, pageGenerationFile);
  // Grown to 8 bytes only when shorter: two workers starting together never zero a value written
  // meanwhile (truncating to the length it already has changes nothing).
  const fd = openSync(path, "a+");
  try {
    if (fstatSync(fd).size < 8) ftruncateSync(fd, 8);
  } finally {
    closeSync(fd);
  }
  // Kept referenced by the closure below: the mapping lives as long as the array.
  const mapped = Bun.mmap(path, { shared: true, size: 8 });
  // One aligned 8-byte word (the mapping starts on a page boundary), read and written whole.
  const word = new Float64Array(mapped.buffer, mapped.byteOffset, 1);
  // A value that is not a number would never equal itself, and no page would ever be served.
  if (Number.isNaN(word[0])) word[0] = freshValue(0);
  return {
    read: () => word[0] ?? 0,
    bump() {
      word[0] = freshValue(word[0] ?? 0);
    },
  };
}

/** A generation for this process only (a PageCache built without a data directory). */
export function localPageGeneration(): PageGeneration {
  let value = 0;
  return {
    read: () => value,
    bump() {
      value = freshValue(value);
    },
  };
}
