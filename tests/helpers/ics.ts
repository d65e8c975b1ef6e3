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
