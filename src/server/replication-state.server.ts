/**
 * The continuous copy's state as the instance running it last saw it (decision 078), kept in a
 * small file in the data folder rather than the database: writing it there every few seconds would
 * itself be a write for Litestream to copy, and any instance (two overlap during an upgrade) reads
 * the same file.
 */
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ReplicationState } from "../domain/replication";

/** The file the dashboard reads the copy's state from. */
export function replicationStateFile(dataDir: string) {
  return join(dataDir, "replication-state.json");
}

/** The copy's state as last written by the instance running it, or null. */
export function readReplicationState(dataDir: string): ReplicationState | null {
  try {
    return JSON.parse(readFileSync(replicationStateFile(dataDir), "utf8")) as ReplicationState;
  } catch {
    return null;
  }
}

/** Replaces the state file whole (written beside it, then renamed), so a reader never sees half of it. */
export function writeReplicationState(dataDir: string, state: ReplicationState) {
  const file = replicationStateFile(dataDir);
  writeFileSync(`${file}.tmp`, JSON.stringify(state));
  renameSync(`${file}.tmp`, file);
}
