/** The footer's visitor counter as it stands (counting a visit is an action: src/actions/count-visit.server.ts). */
import { readVisitCount } from "../db/visitor-count.server";
import type { ReadDeps } from "./read";

/** The total of visits counted. */
export function visitCount(deps: ReadDeps): number {
  return readVisitCount(deps.db);
}
