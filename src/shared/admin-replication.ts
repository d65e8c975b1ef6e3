/** What the dashboard's owners-only panel shows of the continuous copy of the database (decision 078). */
import type { ReplicationSummary } from "../domain/replication";

export type AdminReplication = ReplicationSummary;
