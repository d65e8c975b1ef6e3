/** Checks shared by the tests of the CSV downloads. */
import { expect } from "bun:test";

/** Expects `res` to be a 200 UTF-8 CSV attachment whose file name is (or matches) `fileName`, and answers its text. */
export async function expectCsvAttachment(res: Response, fileName: string | RegExp): Promise<string> {
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  const disposition = res.headers.get("content-disposition");
  if (typeof fileName === "string") expect(disposition).toBe(`attachment; filename="${fileName}"`);
  else expect(disposition).toMatch(new RegExp(`^attachment; filename="${fileName.source}"$`));
  return await res.text();
}
