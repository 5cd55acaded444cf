import { and, eq, sql } from 'drizzle-orm'
import { getDb, type Db, type Tx } from '~/db/client.server'
import { bookings, intakeFormVersions, intakeResponses } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { msg } from '~/lib/i18n/message'
import { BOOKING_NOT_FOUND } from '~/models/booking/payments.server'
import { recordPatientAccess } from '~/models/records/audit.server'
import { chartForBooking } from '~/models/records/patients.server'
import { ALREADY_SENT, answersSchema, type ChartIntake, type IntakeAnswers, type IntakeQuestion } from './intake-form'
import { askedRows, type IntakeState } from './intake-state.server'

/**
 * A booking's intake (docs/decisions/041-intake-forms.md): which form version its client is
 * asked, their draft, and what they sent, which joins the practitioner's chart of them in the
 * same transaction. Only the booking's client writes answers; only its practitioner reads them,
 * and only once they are sent.
 */

export const NO_INTAKE = msg('intake:errors.noIntake')
export const INTAKE_CLOSED = msg('intake:errors.closed')
export const REMINDED_RECENTLY = msg('intake:errors.remindedRecently')
export const ALREADY_ANSWERED = msg('intake:errors.alreadyAnswered')
const REMIND_EVERY_MS = 12 * 60 * 60 * 1000

type VersionRow = typeof intakeFormVersions.$inferSelect
type ResponseRow = typeof intakeResponses.$inferSelect

function versionOf(db: Db | Tx, versionId: number): VersionRow {
  return db.select().from(intakeFormVersions).where(eq(intakeFormVersions.id, versionId)).get()!
}

/**
 * A booking's intake as one of its sides sees it (its client, or its practitioner): 404 for
 * anyone else's booking, or a booking that asks none.
 */
function bookingIntake(db: Db | Tx, side: 'client' | 'practitioner', user: { id: number }, bookingId: number) {
  const party = side === 'client' ? bookings.clientId : bookings.practitionerId
  const booking = db
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(party, user.id)))
    .get()
  if (!booking) throw new AppError(BOOKING_NOT_FOUND, 404)
  const [asked] = askedRows(db, sql`b.id = ${bookingId}`)
  if (!asked?.versionId) throw new AppError(NO_INTAKE, 404)
  const response = asked.responseId
    ? (db.select().from(intakeResponses).where(eq(intakeResponses.id, asked.responseId)).get() ?? null)
    : null
  return { booking, version: versionOf(db, asked.versionId), response }
}

/** Open to answers while the session is live and has not ended. */
function isOpen(booking: typeof bookings.$inferSelect, now: Date) {
  return (booking.status === 'pending' || booking.status === 'confirmed') && booking.endTime.getTime() > now.getTime()
}

export type ClientIntakeView = {
  bookingId: number
  practitionerId: number | null
  serviceName: string
  startTime: string
  title: string
  version: number
  questions: IntakeQuestion[]
  answers: IntakeAnswers
  state: IntakeState
  open: boolean
  sentAt: string | null
  consent: { name: string; at: string } | null
}

function toView(
  booking: typeof bookings.$inferSelect,
  version: VersionRow,
  response: ResponseRow | null,
  now: Date,
): ClientIntakeView {
  return {
    bookingId: booking.id,
    practitionerId: booking.practitionerId,
    serviceName: booking.serviceName,
    startTime: booking.startTime.toISOString(),
    title: version.title,
    version: version.version,
    questions: version.questions,
    answers: response?.answers ?? {},
    state: response?.status === 'sent' ? 'sent' : response ? 'draft' : 'waiting',
    open: isOpen(booking, now),
    sentAt: response?.sentAt?.toISOString() ?? null,
    consent:
      response?.consentName && response.consentAt
        ? { name: response.consentName, at: response.consentAt.toISOString() }
        : null,
  }
}

/** `GET /api/bookings/:id/intake` for its client, and their intake page. */
export function getClientIntake(client: { id: number }, bookingId: number, now = new Date()) {
  const db = getDb()
  const { booking, version, response } = bookingIntake(db, 'client', client, bookingId)
  return toView(booking, version, response, now)
}

/** The schema the answers to this booking's form are checked with, to save (`complete` false) or to send. */
export function intakeSchemaFor(
  client: { firstName: string; lastName: string },
  view: ClientIntakeView,
  complete: boolean,
) {
  return answersSchema(view.questions, { complete, fullName: `${client.firstName} ${client.lastName}` })
}

/**
 * The client saves a draft, or (`submit`) sends their answers: checked against the version they
 * answer (which a draft pins), then, sent, joined to the practitioner's chart of them (made from
 * their account if there is none) with the consent's typed name and time, and a row in the access
 * trail, all in one transaction on the primary. Sent answers never change.
 */
export function saveIntake(
  client: { id: number; firstName: string; lastName: string },
  bookingId: number,
  answers: unknown,
  submit: boolean,
  now = new Date(),
) {
  return getDb().transaction(
    (tx) => {
      const { booking, version, response } = bookingIntake(tx, 'client', client, bookingId)
      if (response?.status === 'sent') throw new AppError(ALREADY_SENT, 409)
      if (!isOpen(booking, now)) throw new AppError(INTAKE_CLOSED, 409)
      const parsed = answersSchema(version.questions, {
        complete: submit,
        fullName: `${client.firstName} ${client.lastName}`,
      }).safeParse(answers)
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!
        throw new AppError(issue.message, 400, String(issue.path[0] ?? ''))
      }
      const clean = Object.fromEntries(
        Object.entries(parsed.data as IntakeAnswers).filter(([, v]) => v !== undefined),
      ) as IntakeAnswers
      const consentId = version.questions.find((q) => q.kind === 'consent')?.id
      const sent = submit
        ? {
            status: 'sent' as const,
            sentAt: now,
            consentName: consentId ? String(clean[consentId]) : null,
            consentAt: consentId ? now : null,
            patientProfileId: chartForBooking(tx, booking.practitionerId!, booking.id),
          }
        : {}
      const row = response
        ? tx
            .update(intakeResponses)
            .set({ answers: clean, updatedAt: now, ...sent })
            .where(eq(intakeResponses.id, response.id))
            .returning()
            .get()
        : tx
            .insert(intakeResponses)
            .values({
              bookingId: booking.id,
              versionId: version.id,
              practitionerId: booking.practitionerId!,
              clientId: client.id,
              answers: clean,
              ...sent,
            })
            .returning()
            .get()
      if (submit) {
        recordPatientAccess(tx, {
          practitionerId: booking.practitionerId!,
          patientId: row.patientProfileId!,
          action: 'intake_received',
          detail: `intake ${row.id}`,
        })
      }
      return toView(booking, version, row, now)
    },
    { behavior: 'immediate' },
  )
}

/**
 * The practitioner asks the client to complete the intake of one of their upcoming sessions
 * (at most every 12 hours): the reminder pins the form's version for the client. Answers the
 * client's email details for the caller to send.
 */
export function markIntakeReminded(practitioner: { id: number }, bookingId: number, now = new Date()) {
  return getDb().transaction(
    (tx) => {
      const booking = tx
        .select()
        .from(bookings)
        .where(and(eq(bookings.id, bookingId), eq(bookings.practitionerId, practitioner.id)))
        .get()
      if (!booking?.clientId) throw new AppError(BOOKING_NOT_FOUND, 404)
      const [asked] = askedRows(tx, sql`b.id = ${bookingId}`)
      if (!asked?.versionId) throw new AppError(NO_INTAKE, 404)
      if (asked.status === 'sent') throw new AppError(ALREADY_ANSWERED, 409)
      if (!isOpen(booking, now)) throw new AppError(INTAKE_CLOSED, 409)
      if (asked.responseId) {
        const last = tx.select().from(intakeResponses).where(eq(intakeResponses.id, asked.responseId)).get()!
        if (last.remindedAt && now.getTime() - last.remindedAt.getTime() < REMIND_EVERY_MS) {
          throw new AppError(REMINDED_RECENTLY, 409)
        }
        tx.update(intakeResponses).set({ remindedAt: now }).where(eq(intakeResponses.id, last.id)).run()
      } else {
        tx.insert(intakeResponses)
          .values({
            bookingId,
            versionId: asked.versionId,
            practitionerId: practitioner.id,
            clientId: booking.clientId,
            remindedAt: now,
          })
          .run()
      }
      return { bookingId }
    },
    { behavior: 'immediate' },
  )
}

/** The intakes a patient sent this practitioner, oldest first (404-safe: scoped by practitioner). */
export function listPatientIntake(practitionerId: number, patientId: number, db: Db | Tx = getDb()): ChartIntake[] {
  return db
    .select({
      id: intakeResponses.id,
      title: intakeFormVersions.title,
      version: intakeFormVersions.version,
      questions: intakeFormVersions.questions,
      serviceName: bookings.serviceName,
      answers: intakeResponses.answers,
      sentAt: intakeResponses.sentAt,
      consentName: intakeResponses.consentName,
      consentAt: intakeResponses.consentAt,
    })
    .from(intakeResponses)
    .innerJoin(intakeFormVersions, eq(intakeFormVersions.id, intakeResponses.versionId))
    .innerJoin(bookings, eq(bookings.id, intakeResponses.bookingId))
    .where(
      and(
        eq(intakeResponses.practitionerId, practitionerId),
        eq(intakeResponses.patientProfileId, patientId),
        eq(intakeResponses.status, 'sent'),
      ),
    )
    .orderBy(intakeResponses.sentAt, intakeResponses.id)
    .all()
    .map((row) => ({
      id: row.id,
      title: row.title,
      version: row.version,
      serviceName: row.serviceName,
      sentAt: row.sentAt!.toISOString(),
      questions: row.questions,
      answers: row.answers,
      consent: row.consentName && row.consentAt ? { name: row.consentName, at: row.consentAt.toISOString() } : null,
    }))
}

/**
 * `GET /api/bookings/:id/intake` for the booking's practitioner: the form and, once sent, the
 * answers (a draft is the client's own until they send it).
 */
export function getPractitionerIntake(practitioner: { id: number }, bookingId: number) {
  const { booking, version, response } = bookingIntake(getDb(), 'practitioner', practitioner, bookingId)
  const view = toView(booking, version, response, new Date())
  return view.state === 'sent' ? view : { ...view, answers: {}, state: 'waiting' as const }
}

/** The client deleted their account: their drafts go; what they sent stays in the practitioner's record. */
export function forgetIntakeDraftsOf(tx: Tx, clientId: number) {
  tx.delete(intakeResponses)
    .where(and(eq(intakeResponses.clientId, clientId), eq(intakeResponses.status, 'draft')))
    .run()
}
