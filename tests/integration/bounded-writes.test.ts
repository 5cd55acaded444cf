import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '~/db/client.server'
import { blockedDates, knownDevices, patientDocuments, patientNotes, patientProfiles, timeSlots } from '~/db/schema'
import { LIMITS } from '~/lib/rate-limit.server'
import { getUserId } from '~/models/accounts/auth.server'
import { MAX_SESSIONS_PER_USER } from '~/models/accounts/session.server'
import { cancelBooking, createBooking, TOO_MANY_BOOKINGS } from '~/models/booking/booking.server'
import { MAX_SERVICES, TOO_MANY_SERVICES } from '~/models/practice/service-form'
import { MAX_OPEN_SLOTS, TOO_MANY_OPEN_SLOTS } from '~/models/practice/slot-form'
import { MAX_BLOCKS, TOO_MANY_BLOCKS } from '~/models/practice/weekly-hours'
import { DOCUMENT_MAX_BYTES, DOCUMENT_STORAGE_FULL, DOCUMENT_STORAGE_MAX_BYTES } from '~/models/records/document'
import { MAX_NOTES_PER_PATIENT, MAX_PATIENTS, TOO_MANY_NOTES, TOO_MANY_PATIENTS } from '~/models/records/patient'
import { createPatient } from '~/models/records/patients.server'
import { MAX_KNOWN_BROWSERS, noteSignInDevice } from '~/models/security/devices.server'
import * as blocksApi from '~/routes/api.availability.blocked-dates._index'
import * as bookingsApi from '~/routes/api.bookings._index'
import * as documentsApi from '~/routes/api.patient-profiles.$id.documents'
import * as notesApi from '~/routes/api.patient-profiles.$id.notes'
import * as patientsApi from '~/routes/api.patient-profiles._index'
import * as servicesApi from '~/routes/api.services._index'
import * as slotsApi from '~/routes/api.time-slots._index'
import * as batchApi from '~/routes/api.time-slots.batch'
import {
  callApi,
  createListedPractitioner,
  createUser,
  formRequest,
  getRequest,
  insertService,
  insertSlot,
  jsonRequest,
  sessionRows,
  signIn,
} from '../helpers'
import { inEnglish } from '../helpers/i18n'

/**
 * What one account can fill (issue 41): every table a single person writes to has a bound, with
 * a clear refusal (409, or 413 for storage) where refusing is right, and pruning where refusing
 * would lock the owner out (sessions). Intake forms and moves are in intake.test.ts and
 * reschedule.test.ts; passkeys in passkeys.test.ts; rate-limited writes (messages, contact,
 * leads, AI consultations) in their own files.
 */

const DAY = 24 * 60 * 60_000

async function practitioner() {
  const user = await createUser({ isPractitioner: true })
  return { ...user, cookie: await signIn(user.id) }
}

/** Many rows at once, past the models (the bound is what is tested, not how they got there). */
function insertMany<T>(count: number, insert: (i: number) => T) {
  getDb().transaction(() => {
    for (let i = 0; i < count; i++) insert(i)
  })
}

describe('bounds on what one account writes', () => {
  test(`an account keeps its ${MAX_SESSIONS_PER_USER} newest sessions: signing in again signs out the oldest`, async () => {
    const user = await createUser()
    const first = await signIn(user.id)
    for (let i = 1; i < MAX_SESSIONS_PER_USER; i++) await signIn(user.id)
    const last = await signIn(user.id)
    const rows = sessionRows(user.id)
    expect(rows).toHaveLength(MAX_SESSIONS_PER_USER)
    const userOf = (cookie: string) => getUserId(getRequest('/', { cookie }))
    expect(await userOf(first)).toBeNull()
    expect(await userOf(last)).toBe(user.id)
  })

  test(`at most ${MAX_SERVICES} services a practitioner`, async () => {
    const owner = await practitioner()
    insertMany(MAX_SERVICES, (i) => insertService(owner.id, { name: `Service ${i}` }))
    const body = { name: 'One more', description: 'Another.', category: 'Yoga', price: 0, duration: 60, details: [] }
    const answer = await callApi(
      servicesApi.action,
      jsonRequest('/api/services', 'POST', body, { cookie: owner.cookie }),
    )
    expect(answer).toMatchObject({ status: 409, body: { message: inEnglish(TOO_MANY_SERVICES) } })
  })

  test(`at most ${MAX_OPEN_SLOTS} open slots to come, one at a time or in a batch`, async () => {
    const owner = await practitioner()
    const serviceId = insertService(owner.id, { name: 'Slots' }).id
    const start = Date.now() + 10 * DAY
    insertMany(MAX_OPEN_SLOTS, (i) =>
      getDb()
        .insert(timeSlots)
        .values({
          practitionerId: owner.id,
          serviceId,
          startTime: new Date(start + i * 60 * 60_000),
          endTime: new Date(start + i * 60 * 60_000 + 30 * 60_000),
        })
        .run(),
    )
    const later = new Date(start + (MAX_OPEN_SLOTS + 10) * 60 * 60_000)
    const single = await callApi(
      slotsApi.action,
      jsonRequest(
        '/api/time-slots',
        'POST',
        { serviceId, startTime: later.toISOString(), endTime: new Date(later.getTime() + 60 * 60_000).toISOString() },
        { cookie: owner.cookie },
      ),
    )
    expect(single).toMatchObject({ status: 409, body: { message: inEnglish(TOO_MANY_OPEN_SLOTS) } })
    const day = later.toISOString().slice(0, 10)
    const batch = await callApi(
      batchApi.action,
      jsonRequest('/api/time-slots/batch', 'POST', { serviceId, dateRange: [day, day] }, { cookie: owner.cookie }),
    )
    expect(batch.status).toBe(409)
    expect(batch.body).toMatchObject({ message: inEnglish(TOO_MANY_OPEN_SLOTS) })
  })

  test(`at most ${MAX_BLOCKS} blocked dates to come`, async () => {
    const owner = await practitioner()
    const first = new Date(Date.now() + 30 * DAY)
    insertMany(MAX_BLOCKS, (i) => {
      const day = new Date(first.getTime() + i * DAY).toISOString().slice(0, 10)
      getDb().insert(blockedDates).values({ practitionerId: owner.id, firstDate: day, lastDate: day }).run()
    })
    const answer = await callApi(
      blocksApi.action,
      jsonRequest('/api/availability/blocked-dates', 'POST', { firstDate: '2099-12-24' }, { cookie: owner.cookie }),
    )
    expect(answer).toMatchObject({ status: 409, body: { message: inEnglish(TOO_MANY_BLOCKS) } })
  })

  test(`records: at most ${MAX_PATIENTS} patients added by hand, ${MAX_NOTES_PER_PATIENT} notes a chart, 2 GB of documents`, async () => {
    const owner = await practitioner()
    const patient = createPatient(owner.id, { firstName: 'Jamie', lastName: 'Rivera' })
    insertMany(MAX_PATIENTS - 1, (i) =>
      getDb()
        .insert(patientProfiles)
        .values({ practitionerId: owner.id, firstName: 'P', lastName: String(i) })
        .run(),
    )
    const added = await callApi(
      patientsApi.action,
      jsonRequest('/api/patient-profiles', 'POST', { firstName: 'One', lastName: 'More' }, { cookie: owner.cookie }),
    )
    expect(added).toMatchObject({ status: 409, body: { message: inEnglish(TOO_MANY_PATIENTS) } })

    insertMany(MAX_NOTES_PER_PATIENT, (i) =>
      getDb()
        .insert(patientNotes)
        .values({ practitionerId: owner.id, patientProfileId: patient.id, title: `Note ${i}`, content: 'x' })
        .run(),
    )
    const note = await callApi(
      notesApi.action,
      jsonRequest(
        `/api/patient-profiles/${patient.id}/notes`,
        'POST',
        { title: 'One more', content: 'x' },
        {
          cookie: owner.cookie,
        },
      ),
      { id: String(patient.id) },
    )
    expect(note).toMatchObject({ status: 409, body: { message: inEnglish(TOO_MANY_NOTES) } })

    insertMany(Math.ceil(DOCUMENT_STORAGE_MAX_BYTES / DOCUMENT_MAX_BYTES), (i) =>
      getDb()
        .insert(patientDocuments)
        .values({
          practitionerId: owner.id,
          patientProfileId: patient.id,
          fileName: `big${i}.enc`,
          originalName: 'big.pdf',
          filePath: `documents/big${i}.enc`,
          fileType: 'application/pdf',
          fileSize: DOCUMENT_MAX_BYTES,
        })
        .run(),
    )
    const pdf = new File([Buffer.from('%PDF-1.4\n%%EOF\n')], 'one.pdf', { type: 'application/pdf' })
    const upload = await callApi(
      documentsApi.action,
      formRequest(`/api/patient-profiles/${patient.id}/documents`, { file: pdf }, { cookie: owner.cookie }),
      { id: String(patient.id) },
    )
    expect(upload).toMatchObject({ status: 413, body: { message: inEnglish(DOCUMENT_STORAGE_FULL) } })
  })

  test(`a client books at most ${LIMITS.bookings.max} sessions an hour, free ones included`, async () => {
    const owner = await createListedPractitioner()
    const serviceId = insertService(owner.id, { name: 'Free Intro', priceCents: 0, isFreeIntro: true }).id
    let hours = 24
    const slot = () =>
      insertSlot({ practitionerId: owner.id, serviceId, startTime: new Date(Date.now() + hours++ * 60 * 60_000) })
    const book = async (client: Awaited<ReturnType<typeof createUser>> & { cookie: string }) =>
      callApi(bookingsApi.action, jsonRequest('/api/bookings', 'POST', { serviceId, timeSlotId: slot().id }, client))

    // Booking and cancelling again and again: each would email the practitioner twice.
    const churner = await createUser()
    for (let i = 0; i < LIMITS.bookings.max; i++) {
      const { id } = await createBooking(churner, { serviceId, timeSlotId: slot().id })
      await cancelBooking(churner, id)
    }
    const again = await book({ ...churner, cookie: await signIn(churner.id) })
    expect(again).toMatchObject({ status: 429, body: { message: inEnglish(TOO_MANY_BOOKINGS) } })
  })
  test(`an account remembers at most ${MAX_KNOWN_BROWSERS} browsers; one past that is still new to it`, async () => {
    const user = await createUser()
    const remembered = () =>
      getDb().select({ hash: knownDevices.deviceHash }).from(knownDevices).where(eq(knownDevices.userId, user.id)).all()
    const signInFromNewBrowser = () => noteSignInDevice(new Request('http://localhost/login'), user.id)
    expect(await signInFromNewBrowser()).toMatchObject({ isNew: false })
    expect(await signInFromNewBrowser()).toMatchObject({ isNew: true })
    expect(remembered()).toHaveLength(2)
    insertMany(MAX_KNOWN_BROWSERS - 2, (i) =>
      getDb()
        .insert(knownDevices)
        .values({ userId: user.id, deviceHash: `filler-${i}` })
        .run(),
    )
    expect(await signInFromNewBrowser()).toMatchObject({ isNew: true })
    expect(remembered()).toHaveLength(MAX_KNOWN_BROWSERS)
  })
})
