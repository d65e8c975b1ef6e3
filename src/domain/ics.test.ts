import { expect, test } from "bun:test";
import { readIcs as parse } from "../../tests/helpers/ics";
import { bookingIcs, discreetEventText, type IcsEvent } from "./ics";

const event: IcsEvent = {
  uid: "b1@pi-site.example",
  date: "2026-12-01",
  time: "10:00",
  durationMinutes: 90,
  summary: "Partner Check, consultation",
  description: "Your appointment; manage it at https://example.com/dashboard",
  url: "https://example.com/dashboard",
  organizerName: "Adelaide Discreet Investigations",
  organizerEmail: "enquiries@example.com",
  attendeeEmail: "client@example.com",
  timeZone: "Australia/Adelaide",
  stamp: new Date("2026-11-21T00:00:00Z"),
  status: "tentative",
  sequence: 0,
};

test("a pending booking is a tentative request with the customer as an attendee who accepted it", () => {
  const read = parse(bookingIcs(event));
  expect(read).toMatchObject({
    method: "REQUEST",
    uid: "b1@pi-site.example",
    status: "TENTATIVE",
    sequence: 0,
    organizer: "mailto:enquiries@example.com",
    organizerCn: "Adelaide Discreet Investigations",
    attendee: "mailto:client@example.com",
    attendeePartstat: "ACCEPTED",
    attendeeRsvp: "FALSE",
  });
});

test("a confirmed booking is a confirmed request; a cancelled one a CANCEL; same UID, higher SEQUENCE", () => {
  const confirmed = parse(bookingIcs({ ...event, status: "confirmed", sequence: 1 }));
  expect(confirmed).toMatchObject({ method: "REQUEST", status: "CONFIRMED", sequence: 1, uid: event.uid, attendee: "mailto:client@example.com" });
  const cancelled = parse(bookingIcs({ ...event, status: "cancelled", sequence: 2 }));
  expect(cancelled).toMatchObject({ method: "CANCEL", status: "CANCELLED", sequence: 2, uid: event.uid, attendee: "mailto:client@example.com" });
});

test("a business name with a comma, colon or semicolon stays the organizer's whole name", () => {
  for (const organizerName of ["Smith, Jones & Co", "Eyes: Adelaide", "Brown; Partners", 'The "Quiet" Agency, Inc.: SA; AU']) {
    const read = parse(bookingIcs({ ...event, organizerName }));
    expect(read.organizerCn).toBe(organizerName.replace(/"/g, " "));
    expect(read.organizer).toBe("mailto:enquiries@example.com");
  }
});

test("text values are escaped and long lines folded at 75 octets, and read back whole", () => {
  const description = `Line one; with, commas\\ and a backslash\nLine two: ${"é".repeat(60)} ${"x".repeat(100)}`;
  const ics = bookingIcs({ ...event, description });
  expect(ics).toContain("SUMMARY:Partner Check\\, consultation");
  expect(ics.split("\r\n").every((l) => new TextEncoder().encode(l).length <= 75)).toBe(true);
  expect(ics.split("\r\n").some((l) => l.startsWith(" "))).toBe(true);
  const read = parse(ics);
  expect(read.description).toBe(description);
  expect(read.summary).toBe("Partner Check, consultation");
});

test("the invitation carries Adelaide times with its daylight-saving rules", () => {
  const ics = bookingIcs(event);
  expect(ics).toContain("BEGIN:VTIMEZONE\r\nTZID:Australia/Adelaide");
  expect(ics).toContain("DTSTART;TZID=Australia/Adelaide:20261201T100000");
  expect(ics).toContain("DTEND;TZID=Australia/Adelaide:20261201T113000");
  expect(parse(ics).start).toBe("2026-12-01T10:00:00");
});

test("other timezones are written in UTC", () => {
  const ics = bookingIcs({ ...event, timeZone: "Europe/London", stamp: new Date(0) });
  expect(ics).toContain("DTSTART:20261201T100000Z");
  expect(ics).toContain("DTEND:20261201T113000Z");
  expect(parse(ics).start).toBe("2026-12-01T10:00:00Z");
});

test("the event says 'Appointment' and the reference, or the owner's own title, and never the service (decision 069)", () => {
  const page = "https://example.com/bookings/bk-7kq4-m2xd";
  expect(discreetEventText("BK-7KQ4-M2XD", "", page)).toEqual({
    summary: "Appointment BK-7KQ4-M2XD",
    description: `Reference BK-7KQ4-M2XD. See, move or cancel it at ${page}`,
  });
  expect(discreetEventText("BK-7KQ4-M2XD", "   ", page).summary).toBe("Appointment BK-7KQ4-M2XD");
  expect(discreetEventText("BK-7KQ4-M2XD", " Catch-up ", page).summary).toBe("Catch-up");
  const read = parse(bookingIcs({ ...event, ...discreetEventText("BK-7KQ4-M2XD", "", page) }));
  expect(read.summary).toBe("Appointment BK-7KQ4-M2XD");
  expect(read.description).toBe(`Reference BK-7KQ4-M2XD. See, move or cancel it at ${page}`);
});
