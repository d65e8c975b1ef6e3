/**
 * The two visit figures the site shows, and what each counts, so no screen calls one by the
 * other's name. A visit is one load of the home page in a browser (its footer's script counts it).
 *
 * - The footer's running total began at `visitCounterStart`, the old site's figure, and adds every
 *   visit since: "Total visits: 3,334" after one visit here.
 * - The back office (analytics, dashboard) counts only the visits this site recorded, per day, in
 *   the period shown: 1 for that same visit. The note says why the footer's number is higher.
 */

/** Where the footer's running total started: the old site's figure, carried over. */
export const visitCounterStart = 3333;

/** The footer's words before its running total. */
export const footerVisitsLabel = "Total visits";

/** The back office's name for visits this site recorded in a period. */
export const countedVisitsLabel = "Visits recorded here";

/** The chart and CSV figure of those visits, day by day. */
export const visitsPerDayLabel = "Visits per day";

/** Why the footer shows a larger number than the back office. */
export const countedVisitsNote = `Home page visits this site recorded in the period. The footer's "${footerVisitsLabel}" is a running total that began at ${visitCounterStart.toLocaleString("en-AU")}, the old site's figure.`;
