/** A Bun.build plugin that fails the client build when browser code imports server-only code. */
import { relative } from "node:path";
import type { BunPlugin } from "bun";

/** Server-only: `*.server.ts(x)`, `bun:*` and `node:*` built-ins, and anything under a `db/` folder. */
export const serverOnlyPattern = /(\.server(\.tsx?)?$|^bun:|^node:|(^|\/)db\/)/;

export function clientGuard(root: string): BunPlugin {
  return {
    name: "no-server-code-in-the-browser",
    setup(build) {
      build.onResolve({ filter: serverOnlyPattern }, (args) => {
        throw new Error(`client code may not import server-only module "${args.path}" (from ${relative(root, args.importer)})`);
      });
    },
  };
}
