import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { getDb } from '~/db/client.server'
import { patientProfiles } from '~/db/schema'
import { markClientNoShow } from '~/models/booking/no-show.server'
import { createReview } from '~/models/marketplace/review.server'
import { getRecentSessions } from '~/models/practice/dashboard.server'
import * as bookingPage from '~/routes/_client.bookings.$id'
import * as chart from '~/routes/practitioner.patient-charting/route'
import {
  createListedPractitioner,
  createUser,
  expectRedirect,
  formRequest,
  getRequest,
  insertBooking,
  insertService,
  routeArgs,
  settle,
  signIn,
} from '../helpers'

/**
 * After a session (issue 42): the client's booking page offers Book Again and, while the session
 * waits for its review, Write a Review (never for a session marked missed, once per session);
 * the practitioner's Recent Sessions offers "Add a note", which opens the client's chart (made
 * from their account the first time) on its Notes tab with the new-note form open.
 */

let practitioner: Awaited<ReturnType<typeof createListedPractitioner>> & { cookie: string }
let serviceId: number

beforeAll(async () => {
  const made = await createListedPractitioner({ firstName: 'Iris', lastName: 'After' })
  practitioner = { ...made, cookie: await signIn(made.id) }
  serviceId = insertService(practitioner.id, { name: 'Afternoon Session', priceCents: 5000 }).id
})

async function sessionOf(startsInHours: number, status: 'confirmed' | 'completed' = 'completed') {
  const client = await createUser({ firstName: 'Casey', lastName: 'Morgan' })
  const booking = insertBooking({
    clientId: client.id,
    practitionerId: practitioner.id,
    serviceId,
    startsInHours,
    status,
  })
  return { client: { ...client, cookie: await signIn(client.id) }, id: booking.id }
}

const page = async (id: number, cookie: string) =>
  (await bookingPage.loader(routeArgs(getRequest(`/bookings/${id}`, { cookie }), { id: String(id) }))).booking

const asClient = (client: { id: number }) => ({ id: client.id, isPractitioner: false, isAdmin: false })

describe("the client's booking page after the session", () => {
  test('Book Again and Write a Review once it ended; the review offered until it is written', async () => {
    const ahead = await sessionOf(24, 'confirmed')
    expect(await page(ahead.id, ahead.client.cookie)).toMatchObject({ ended: false, canReview: false })

    // Past its end, not swept to completed yet: over, but not reviewable until completed.
    const justEnded = await sessionOf(-1.5, 'confirmed')
    expect(await page(justEnded.id, justEnded.client.cookie)).toMatchObject({ ended: true, canReview: false })

    const done = await sessionOf(-3)
    expect(await page(done.id, done.client.cookie)).toMatchObject({ ended: true, canReview: true, serviceId })
    createReview(asClient(done.client), { practitionerId: practitioner.id, rating: 5, content: 'Calm and helpful.' })
    expect(await page(done.id, done.client.cookie)).toMatchObject({ ended: true, canReview: false })
  })

  test('a session marked missed: Book Again, but no review', async () => {
    const missed = await sessionOf(-3)
    await markClientNoShow(practitioner, missed.id)
    expect(await page(missed.id, missed.client.cookie)).toMatchObject({
      ended: true,
      canReview: false,
      canDisputeNoShow: true,
    })
  })
})

describe('"Add a note" on Recent Sessions', () => {
  test("opens the client's chart on its Notes tab with the note form, made the first time only", async () => {
    const { client, id } = await sessionOf(-2)
    expect(getRecentSessions(practitioner.id).find((s) => s.id === id)).toMatchObject({ hasClient: true })
    const addNote = () =>
      settle(() =>
        chart.action(
          routeArgs(
            formRequest(
              '/practitioner/patient-charting',
              { intent: 'open-chart', bookingId: String(id), then: 'note' },
              { cookie: practitioner.cookie },
            ),
          ),
        ),
      )
    const first = await addNote()
    const made = getDb().select().from(patientProfiles).where(eq(patientProfiles.practitionerId, practitioner.id)).all()
    expect(made).toMatchObject([{ firstName: 'Casey', lastName: 'Morgan', email: client.email }])
    const target = `/practitioner/patient-charting?patient=${made[0]!.id}&tab=notes&newNote=1`
    expectRedirect(first, target)
    expectRedirect(await addNote(), target)
    expect(
      getDb().select().from(patientProfiles).where(eq(patientProfiles.practitionerId, practitioner.id)).all(),
    ).toHaveLength(1)

    const screen = await chart.loader(routeArgs(getRequest(target, { cookie: practitioner.cookie })))
    expect(screen).toMatchObject({ addingNote: true, patient: { profile: { id: made[0]!.id } } })
  })
})
