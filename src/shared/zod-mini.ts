/**
 * zod/mini for schemas shared with islands, configured for our Content-Security-Policy: without
 * `jitless`, zod probes `new Function` to decide whether to compile fast parsers, which the
 * browser reports as a CSP violation (no 'unsafe-eval' here, ever).
 */
import * as z from "zod/mini";

z.config({ jitless: true });

export { z };
