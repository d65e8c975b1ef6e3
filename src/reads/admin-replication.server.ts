/** The continuous copy's state for the dashboard (decision 078): off, copied so long ago, or what is wrong. */
import { replicaForPeople, replicationSummary } from "../domain/replication";
import { readReplicationState } from "../server/replication-state.server";
import type { AdminReplication } from "../shared/admin-replication";
import type { ReadDeps } from "./read";

export function adminReplication(deps: ReadDeps, now = Date.now()): AdminReplication {
  const url = deps.env.LITESTREAM_REPLICA_URL;
  return replicationSummary(url ? replicaForPeople(url) : null, url ? readReplicationState(deps.env.DATA_DIR) : null, now);
}
