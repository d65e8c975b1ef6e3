/**
 * How SQLite reads case files (decision 094): a read that names a room reads that room's files by the
 * room's index, whatever else it filters on (status, side); the sweep of abandoned uploads reads the
 * uploads under way alone. Each statement is the one the site prepares, taken from real requests.
 */
import { expect, test } from "bun:test";
import { staleCaseUploads } from "./case-files.server";
import { customerWithBooking } from "../../tests/factories";
import { patternedBytes, readyCaseFile } from "../../tests/helpers/case-files";
import { adminAppPerTest } from "../../tests/helpers/per-test";
import { queryPlan, statementsPreparedBy } from "../../tests/helpers/query-plan";

const { t, admin } = adminAppPerTest();

/** The steps of a plan that read case_files (by its name or the alias `f`). */
const caseFileSteps = (plan: string[]) => plan.filter((step) => /^(SEARCH|SCAN) (case_files|f)\b/.test(step));

test("every read of one room's files, by the customer or the business, goes through the room's index", async () => {
  const booked = customerWithBooking(t.db, "plans@example.com");
  readyCaseFile(t, booked.reference, patternedBytes(2048));
  const client = t.db.$client;
  const asCustomer = { headers: { Cookie: booked.cookie } };
  const ref = booked.reference.toLowerCase();
  const statements = await statementsPreparedBy(client, async () => {
    for (const res of [
      await t.request("/dashboard", asCustomer),
      await t.request(`/api/cases/${ref}`, asCustomer),
      await t.request(`/cases/${ref}/files.zip`, asCustomer),
      await admin.get("/api/admin/cases"),
      await admin.get(`/api/admin/cases/${ref}`),
      await admin.get("/api/admin/todo"),
    ]) {
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
  });
  const reads = [...new Set(statements)].filter((s) => /^\s*select/i.test(s) && s.includes("case_files"));
  // The dashboard's "new in your case" mark, the room's files, the zip's, the portal's list (count
  // and mark), the room for the business and the to-do group: each reads files by room.
  expect(reads.length).toBeGreaterThanOrEqual(5);
  for (const statement of reads) {
    const steps = caseFileSteps(queryPlan(client, statement));
    expect({ statement, steps: steps.length > 0 }).toEqual({ statement, steps: true });
    for (const step of steps)
      expect({ statement, step }).toEqual({ statement, step: expect.stringMatching(/USING (COVERING )?INDEX case_files_room_idx|USING INTEGER PRIMARY KEY/) });
  }
});

test("the sweep of abandoned uploads reads the uploads under way, not every file", async () => {
  const client = t.db.$client;
  const statements = await statementsPreparedBy(client, () => staleCaseUploads(t.db, new Date()));
  const sweep = statements.find((s) => s.includes("case_files"));
  expect(sweep).toBeDefined();
  expect(caseFileSteps(queryPlan(client, sweep ?? ""))).toEqual([expect.stringContaining("USING INDEX case_files_uploading_idx")]);
});
