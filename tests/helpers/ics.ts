/** A calendar invitation as a calendar reads it: ical.js parses it and the test reads the fields. */
import ICAL from "ical.js";

export function readIcs(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const vevent = calendar.getFirstSubcomponent("vevent");
  if (!vevent) throw new Error("the invitation has no VEVENT");
  const organizer = vevent.getFirstProperty("organizer");
  const attendee = vevent.getFirstProperty("attendee");
  return {
    method: calendar.getFirstPropertyValue("method"),
    uid: vevent.getFirstPropertyValue("uid"),
    status: vevent.getFirstPropertyValue("status"),
    sequence: vevent.getFirstPropertyValue("sequence"),
    summary: vevent.getFirstPropertyValue("summary"),
    description: vevent.getFirstPropertyValue("description"),
    organizer: organizer?.getFirstValue(),
    organizerCn: organizer?.getParameter("cn"),
    attendee: attendee?.getFirstValue(),
    attendeePartstat: attendee?.getParameter("partstat"),
    attendeeRsvp: attendee?.getParameter("rsvp"),
    start: String(vevent.getFirstPropertyValue("dtstart")),
  };
}

/** The `appointment.ics` attachment of a raw e-mail as received over SMTP, decoded (base64 or quoted-printable). */
export function icsOfMail(raw: string): string {
  const start = raw.search(/filename="?appointment\.ics/);
  if (start < 0) throw new Error("the e-mail has no appointment.ics");
  const partStart = raw.lastIndexOf("\r\n--", start);
  const headersEnd = raw.indexOf("\r\n\r\n", start);
  const headers = raw.slice(partStart, headersEnd);
  const body = raw.slice(headersEnd + 4, raw.indexOf("\r\n--", headersEnd));
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable")
    return Buffer.from(
      body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
      "latin1",
    ).toString("utf8");
  return body;
}
