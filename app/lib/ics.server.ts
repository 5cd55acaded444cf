import ical, {
  escape,
  ICalAttendee,
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEvent,
  ICalEventStatus,
  type ICalCalendar,
} from 'ical-generator'
import { DEFAULT_LANGUAGE, type Language } from './i18n/languages'

/**
 * Calendars (RFC 5545): one session's invitation (a VCALENDAR with a single VEVENT) and a
 * person's subscription feed (all their sessions), in UTC so every calendar shows them at the
 * right local time. ical-generator writes the file (escaping TEXT values, folding lines at 75
 * octets without cutting a character); what is ours is what goes in it: the UID, the SEQUENCE,
 * the METHOD and the two parties (docs/decisions/045-hand-written-pieces.md). Server-only: the
 * library stays out of every page's bundle.
 *
 * Service names, descriptions and meeting links are typed by practitioners, and the file goes
 * to clients' calendars, so a value can never end its property or start another one (an extra
 * ATTENDEE, ORGANIZER or VALARM): ical-generator escapes CRLF, CR and LF; the other line breaks
 * some readers split on, and control characters, are dealt with here first.
 */
export type CalendarEvent = {
  /** Stable per booking, so a re-sent invitation updates the same calendar entry. */
  uid: string
  start: Date
  end: Date
  summary: string
  description: string
  /** Where the session happens (the meeting link), when there is one. */
  location?: string | null
  /** When the invitation was made; defaults to now. */
  stamp?: Date
  /** A feed's sessions: a cancelled one stays, CANCELLED, so calendars take it away. */
  status?: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED'
  /** Raised with each revision of the event (a cancellation is one); 0 when not given. */
  sequence?: number
  /** Where the event is seen in the app (the booking's page). */
  url?: string
  /**
   * An emailed invitation's two parties (RFC 5546 asks both of a REQUEST and a CANCEL): who sends
   * it (the address the email comes from) and the one person it is for.
   */
  organizer?: CalendarAddress
  attendee?: CalendarAddress
}

/** A person in an invitation: `mailto:` their address, with a common name when there is one. */
export type CalendarAddress = { email: string; name?: string | null }

/**
 * iTIP's methods (RFC 5546): PUBLISH a copy for someone's calendar (a download, a feed); REQUEST
 * an event or its new revision (the same UID, a higher SEQUENCE moves it); CANCEL it (removed).
 */
export type CalendarMethod = 'PUBLISH' | 'REQUEST' | 'CANCEL'

/**
 * Line breaks ical-generator leaves as they are: Unicode's NEL, LINE SEPARATOR and PARAGRAPH
 * SEPARATOR (some readers split on them); with CRLF, CR and LF, which it writes as `\n`.
 */
const LINE_BREAK = /\r\n|[\n\r\u0085\u2028\u2029]/g
/** Other control characters have no place in TEXT (only a horizontal tab does). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g
/** Half a surrogate pair is no character at all; UTF-8 writes it as U+FFFD, so we do too. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

/** A TEXT value before ical-generator escapes it: one kind of line break, no other controls. */
function text(value: string) {
  return value.replace(LINE_BREAK, '\n').replace(CONTROL, '').replace(LONE_SURROGATE, '\ufffd')
}

/**
 * A name in CN="…": one line, and no double quote (ical-generator would write it as RFC 6868's
 * `^'`, which calendars that predate it show as it is).
 */
function paramText(value: string) {
  return value.replace(LINE_BREAK, ' ').replace(CONTROL, '').replace(/"/g, '').replace(LONE_SURROGATE, '\ufffd')
}

/** An address has no place for a space, a quote or a line break either. */
function address(email: string) {
  return email.replace(/[\s"<>]/g, '').replace(CONTROL, '')
}

/*
 * Two spellings of ical-generator's put back as our files have always had them, both equivalent
 * in RFC 5545 and both read differently by parsers that keep values as text (node-ical): an
 * attendee's `MAILTO:` (the ORGANIZER it writes is `mailto:`), and `URL;VALUE=URI:` (a URL is a
 * URI by default), which node-ical turns into an object instead of the address.
 */
class Attendee extends ICalAttendee {
  override toString() {
    const line = super.toString()
    // The line ends in the address; anything else (a later version) is left as it is written.
    const tail = `:MAILTO:${escape(this.email(), false)}\r\n`
    return line.endsWith(tail) ? `${line.slice(0, -tail.length)}:mailto:${tail.slice(':MAILTO:'.length)}` : line
  }
}

class Event extends ICalEvent {
  // Unfolded here, and every value's line breaks escaped: `\r\nURL` can only start the URL.
  override toString() {
    return super.toString().replace('\r\nURL;VALUE=URI:', '\r\nURL:')
  }
}

function addEvent(calendar: ICalCalendar, event: CalendarEvent) {
  const vevent = new Event(
    {
      id: event.uid,
      start: event.start,
      end: event.end,
      stamp: event.stamp ?? new Date(),
      sequence: event.sequence ?? 0,
      status: event.status ? ICalEventStatus[event.status] : null,
      summary: text(event.summary),
      description: text(event.description),
      location: event.location ? text(event.location) : null,
      // A URI, not TEXT: our own origin and path, with nothing in it to escape.
      url: event.url ? event.url.replace(/[\s"]/g, '') : null,
    },
    calendar,
  )
  calendar.createEvent(vevent)
  if (event.organizer) {
    const email = address(event.organizer.email)
    // ical-generator asks for a name; a sending address without one goes by the address.
    vevent.organizer({ name: event.organizer.name ? paramText(event.organizer.name) : email, email })
  }
  if (event.attendee) {
    const person = event.attendee
    vevent.createAttendee(
      new Attendee(
        {
          email: address(person.email),
          name: person.name ? paramText(person.name) : null,
          role: ICalAttendeeRole.REQ,
          status: ICalAttendeeStatus.ACCEPTED,
          rsvp: false,
        },
        vevent,
      ),
    )
  }
}

/** A calendar file; its PRODID names the language its texts are in (the reader's). */
function calendar(method: CalendarMethod, language: Language, name?: string) {
  return ical({
    prodId: { company: 'Solace', product: 'Bookings', language: language.toUpperCase() },
    scale: 'gregorian',
    method: ICalCalendarMethod[method],
    // Written as it is (X-WR-CALNAME and NAME): escaped here.
    ...(name ? { name: escape(text(name), false) } : {}),
  })
}

/** Every content line ends in CRLF (RFC 5545 3.1), the last one too. */
const written = (calendar: ICalCalendar) => `${calendar.toString()}\r\n`

/**
 * One session's invitation: PUBLISH (a copy to keep) unless it is sent as an invitation, REQUEST
 * or CANCEL, which must name its ORGANIZER and ATTENDEE (RFC 5546 3.2.2, 3.2.5). `language`: the
 * one its summary and description are written in.
 */
export function buildIcs(
  event: CalendarEvent,
  method: CalendarMethod = 'PUBLISH',
  language: Language = DEFAULT_LANGUAGE,
) {
  if (method !== 'PUBLISH' && !(event.organizer && event.attendee)) {
    throw new Error(`METHOD:${method} needs an ORGANIZER and an ATTENDEE`)
  }
  const file = calendar(method, language)
  addEvent(file, event)
  return written(file)
}

/**
 * A subscription feed: every event, under the calendar's name, with the person's zone as the
 * one calendars show it in (the times themselves are UTC: the calendar's own time zone in
 * ical-generator would write them as that zone's local times).
 */
export function buildFeed(
  events: CalendarEvent[],
  { name, timeZone, language = DEFAULT_LANGUAGE }: { name: string; timeZone: string; language?: Language },
) {
  const feed = calendar('PUBLISH', language, name)
  for (const event of events) addEvent(feed, event)
  feed.x('X-WR-TIMEZONE', text(timeZone))
  return written(feed)
}
