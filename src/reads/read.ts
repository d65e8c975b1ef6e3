/**
 * A read is what one page or one JSON answer shows, gathered once: the rows from `db/`, shaped with
 * the rules in `domain/` and the settings that apply. Handlers parse, call a read or an action
 * (`src/actions/`), and answer; they never reach `db/` themselves (`src/server/layers.test.ts`), so
 * the same screen's JSON route and its page cannot show the same thing two ways.
 *
 * A read never changes anything: no transaction, no mail, no audit entry, no action. Something that
 * must be written on the way (a count, a code made on first use) is an action the handler calls.
 * One module per page or resource: `src/reads/<thing>.server.ts`, the portal's
 * `src/reads/admin-<room>.server.ts`, each function taking `(deps: ReadDeps, ...)`.
 */
import type { AppDeps } from "../server/deps";

/** What a read works with: the database and the environment (origin, PayPal on offer). */
export type ReadDeps = Pick<AppDeps, "db" | "env">;
