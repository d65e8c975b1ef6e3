import { describe, expect, test } from "bun:test";
import { backupFileName, backupIsDue, backupsToPrune, backupTakenAt, latestScheduledBackup } from "./backups";

const adelaide = "Australia/Adelaide"; // UTC+10:30 in November (daylight saving), +9:30 in winter
const hourMs = 60 * 60 * 1000;
const dayMs = 24 * hourMs;

describe("the schedule", () => {
  // 03:00 in Adelaide on Thursday 26 November 2026 is 16:30 UTC on the 25th.
  const thu0300 = new Date("2026-11-25T16:30:00Z");

  test("daily at the backup hour in the business timezone", () => {
    expect(latestScheduledBackup(new Date(thu0300.getTime() + 5 * 60_000), adelaide, 3, 24)).toEqual(thu0300);
    expect(latestScheduledBackup(new Date(thu0300.getTime() + 23 * hourMs), adelaide, 3, 24)).toEqual(thu0300);
    expect(latestScheduledBackup(new Date(thu0300.getTime() - 60_000), adelaide, 3, 24)).toEqual(new Date(thu0300.getTime() - dayMs));
  });

  test("due once per scheduled time: never backed up, then not again until the next one", () => {
    const now = new Date(thu0300.getTime() + 10 * 60_000);
    expect(backupIsDue(null, now, adelaide, 3, 24)).toBe(true);
    expect(backupIsDue(new Date(thu0300.getTime() - hourMs), now, adelaide, 3, 24)).toBe(true);
    expect(backupIsDue(new Date(thu0300.getTime() + 60_000), now, adelaide, 3, 24)).toBe(false);
    expect(backupIsDue(new Date(thu0300.getTime() + 60_000), new Date(thu0300.getTime() + 23.9 * hourMs), adelaide, 3, 24)).toBe(false);
    expect(backupIsDue(new Date(thu0300.getTime() + 60_000), new Date(thu0300.getTime() + dayMs), adelaide, 3, 24)).toBe(true);
  });

  test("every 6 hours from the backup hour: 03:00, 09:00, 15:00, 21:00", () => {
    const at1000 = new Date(thu0300.getTime() + 7 * hourMs);
    expect(latestScheduledBackup(at1000, adelaide, 3, 6)).toEqual(new Date(thu0300.getTime() + 6 * hourMs));
    const at0130 = new Date(thu0300.getTime() - 1.5 * hourMs);
    expect(latestScheduledBackup(at0130, adelaide, 3, 6)).toEqual(new Date(thu0300.getTime() - 6 * hourMs));
  });
});

describe("file names", () => {
  test("a backup's name carries its time in UTC and is read back", () => {
    const at = new Date("2026-11-25T16:30:07Z");
    expect(backupFileName(at)).toBe("pi-site-backup-20261125T163007Z.db");
    expect(backupTakenAt(backupFileName(at))).toEqual(at);
  });

  test("other files are not backups", () => {
    for (const name of ["pi-site.db", "pi-site-backup-20261125T163007Z.db.partial", "notes.txt", "pi-site-backup-2026.db"])
      expect(backupTakenAt(name)).toBeNull();
  });
});

describe("retention: 7 daily and 4 weekly copies", () => {
  /** The names a daily backup at 03:00 Adelaide time leaves over `days` days up to Thursday 26 November 2026. */
  const dailyUntil = (days: number) => Array.from({ length: days }, (_, i) => backupFileName(new Date(Date.parse("2026-11-25T16:30:00Z") - i * dayMs)));

  test("after 60 days of daily backups: the last 7 days and the newest of each of the 4 last weeks", () => {
    const names = dailyUntil(60);
    const { keep, remove } = backupsToPrune([...names].reverse(), adelaide);
    // Daily: Thursday 26 back to Friday 20 November (local dates). Weekly: Thursday 26 (its own
    // week), Sunday 22 (the week of 16 November), then Sundays 15 and 8, ending the two weeks before.
    expect(keep).toEqual([
      "pi-site-backup-20261125T163000Z.db", // Thu 26
      "pi-site-backup-20261124T163000Z.db", // Wed 25
      "pi-site-backup-20261123T163000Z.db", // Tue 24
      "pi-site-backup-20261122T163000Z.db", // Mon 23
      "pi-site-backup-20261121T163000Z.db", // Sun 22
      "pi-site-backup-20261120T163000Z.db", // Sat 21
      "pi-site-backup-20261119T163000Z.db", // Fri 20
      "pi-site-backup-20261114T163000Z.db", // Sun 15
      "pi-site-backup-20261107T163000Z.db", // Sun 8
    ]);
    expect(keep.length + remove.length).toBe(60);
    expect(remove).not.toContain(keep[0]);
  });

  test("run day by day with a simulated clock, the folder never holds more than 7 + 4 copies and always the newest", () => {
    let folder: string[] = ["owner-notes.txt"];
    const start = Date.parse("2026-09-01T17:30:00Z");
    for (let day = 0; day < 90; day++) {
      const now = new Date(start + day * dayMs);
      folder.push(backupFileName(now));
      const { remove } = backupsToPrune(folder, adelaide);
      folder = folder.filter((n) => !remove.includes(n));
      expect(folder).toContain(backupFileName(now));
      expect(folder.length - 1).toBeLessThanOrEqual(11);
    }
    expect(folder).toContain("owner-notes.txt");
    // 7 consecutive days, then 4 older copies a week apart at most.
    const dates = folder.flatMap((n) => backupTakenAt(n) ?? []).sort((a, b) => b.getTime() - a.getTime());
    // 7 daily copies, of which one or two are also their week's newest, and 2 or 3 older weekly ones.
    expect(dates.length).toBeGreaterThanOrEqual(9);
    expect(dates.length).toBeLessThanOrEqual(10);
    for (let i = 1; i < 7; i++) expect((dates[i - 1]?.getTime() ?? 0) - (dates[i]?.getTime() ?? 0)).toBe(dayMs);
    const oldest = dates.at(-1)?.getTime() ?? 0;
    expect((dates[0]?.getTime() ?? 0) - oldest).toBeLessThan(28 * dayMs);
  });

  test("several backups a day: the newest of each day is the one kept", () => {
    const base = Date.parse("2026-11-25T16:30:00Z");
    const names = [0, 6, 12, 18].map((h) => backupFileName(new Date(base + h * hourMs)));
    const { keep, remove } = backupsToPrune(names, adelaide);
    // 03:00, 09:00, 15:00 and 21:00 on one local day: the day and its week keep the 21:00 copy only.
    expect(keep).toEqual([backupFileName(new Date(base + 18 * hourMs))]);
    expect(remove.length).toBe(3);
  });
});
