import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { getDb } from '~/db/client.server'
import { adminAuditLog, contactMessages } from '~/db/schema'
import type { Toast } from '~/lib/toast.server'
import { COMMON_PASSWORD } from '~/models/accounts/user'
import { createdDetail, deletedDetail, exportedDetail, REQUIRED_FIELDS } from '~/models/admin/admin'
import { adminHref } from '~/models/admin/admin-links'
import { createBooking } from '~/models/booking/booking.server'
import { createContactMessage } from '~/models/marketplace/contact.server'
import { createLead } from '~/models/marketplace/lead.server'
import * as screen from '~/routes/admin.dashboard/route'
import * as leadsCsv from '~/routes/admin.leads[.csv]'
import {
  createListedPractitioner,
  createUser,
  expectRedirect,
  formReply,
  formRequest,
  getRequest,
  insertService,
  insertSlot,
  readToast,
  routeArgs,
  settle,
  signIn,
  uniqueEmail,
  userRow,
  userRowByEmail,
  type FormFields,
} from '../helpers'
import { inEnglish, inFrench } from '../helpers/i18n'

/**
 * /admin/dashboard, its loader and its action (the forms as a browser without JavaScript sends
 * them): who may see it, the tabs, filters and confirmations in the URL, each form's toast, and
 * the leads' CSV.
 */

const PAGE = '/admin/dashboard'
let adminCookie: string
let admin: Awaited<ReturnType<typeof createUser>>

beforeAll(async () => {
  admin = await createUser({ isAdmin: true, firstName: 'Ada', lastName: 'Admin' })
  adminCookie = await signIn(admin.id)
})

/** A toast and a form's errors as an English reader sees them (messages are catalogue keys until shown). */
const shownToast = <T extends Pick<Toast, 'title' | 'description'>>(toast: T | null | undefined) =>
  toast && {
    ...toast,
    title: inEnglish(toast.title),
    ...(toast.description === undefined ? {} : { description: inEnglish(toast.description) }),
  }
const shownErrors = (errors: Record<string, string[] | null | undefined> | null | undefined) =>
  Object.fromEntries(Object.entries(errors ?? {}).map(([field, messages]) => [field, messages?.map(inEnglish)]))

const load = (query = '', cookie = adminCookie) => screen.loader(routeArgs(getRequest(`${PAGE}${query}`, { cookie })))
const act = (fields: FormFields, query = '', cookie = adminCookie) =>
  settle(() => screen.action(routeArgs(formRequest(`${PAGE}${query}`, fields, { cookie }))))

const newUser = (overrides: FormFields = {}): FormFields => ({
  intent: 'create-user',
  email: uniqueEmail('screen'),
  password: 'secret-1234',
  firstName: 'Nora',
  lastName: 'New',
  phoneNumber: '',
  userType: 'client',
  country: '',
  ...overrides,
})

describe('who sees the dashboard', () => {
  test('signed out → /login; a client or practitioner → /, for the page and its forms', async () => {
    const client = await createUser()
    const practitioner = await createUser({ isPractitioner: true })
    expect((await settle(() => screen.loader(routeArgs(getRequest(PAGE))))) as Response).toMatchObject({
      status: 302,
    })
    for (const cookie of [await signIn(client.id), await signIn(practitioner.id)]) {
      expectRedirect(await settle(() => load('', cookie)), '/')
      expectRedirect(await act(newUser(), '', cookie), '/')
      expectRedirect(
        await settle(() => leadsCsv.action(routeArgs(formRequest('/admin/leads.csv', {}, { cookie })))),
        '/',
      )
    }
  })
})

describe('User Management', () => {
  test('creating a practitioner: the country from the form, the toast, and the new row in the list', async () => {
    const email = uniqueEmail('made-practitioner')
    const answer = await act(newUser({ email, userType: 'practitioner', country: 'JP', phoneNumber: '416 555 0100' }))
    const toast = await readToast(expectRedirect(answer, PAGE))
    expect(shownToast(toast)).toMatchObject({ type: 'success', title: 'User Created' })
    expect(userRowByEmail(email)).toMatchObject({ isPractitioner: true, isAdmin: false, country: 'JP' })

    const page = await load(`?q=${encodeURIComponent(email)}`)
    expect(page.users?.rows).toMatchObject([
      { email, role: 'practitioner', isPractitioner: true, phoneNumber: '416 555 0100' },
    ])
  })

  test('a client’s country is not asked for: a stray value is ignored', async () => {
    const email = uniqueEmail('made-client')
    await act(newUser({ email, country: 'JP' }))
    expect(userRowByEmail(email)?.country).toBe('CA')
  })

  test('missing fields: the spec’s toast, the message on each field, what was typed kept (not the password)', async () => {
    const reply = formReply(await act(newUser({ email: '', lastName: '', password: 'typed-secret' })))
    expect(reply.status).toBe(400)
    expect(shownToast(reply.toast)).toEqual({
      type: 'error',
      title: 'Required Fields Missing',
      description: 'Email, password, first name and last name are required',
    })
    expect(reply.result.error).toMatchObject({ email: [REQUIRED_FIELDS], lastName: [REQUIRED_FIELDS] })
    expect(JSON.stringify(reply.result.initialValue)).not.toContain('typed-secret')
  })

  test('a password of 9 characters, or one of the most common, is refused saying why and creates nothing', async () => {
    const short = newUser({ password: 'short-pas' })
    const shortReply = formReply(await act(short))
    expect(shortReply.status).toBe(400)
    expect(shownErrors(shortReply.result.error)).toMatchObject({
      password: ['Password must be at least 10 characters'],
    })
    const common = newUser({ password: 'Password123' })
    const commonReply = formReply(await act(common))
    expect(commonReply.status).toBe(400)
    expect(commonReply.result.error).toEqual({ password: [COMMON_PASSWORD] })
    expect(shownToast(commonReply.toast)).toEqual({
      type: 'error',
      title: 'Error Creating User',
      description: inEnglish(COMMON_PASSWORD),
    })
    expect(JSON.stringify(commonReply.result.initialValue)).not.toContain('Password123')
    expect(userRowByEmail(short.email as string)).toBeUndefined()
    expect(userRowByEmail(common.email as string)).toBeUndefined()
  })

  test('a practitioner without a country, and a taken email: refused with their messages', async () => {
    const noCountry = formReply(await act(newUser({ userType: 'practitioner' })))
    expect(shownErrors(noCountry.result.error)).toMatchObject({ country: ['Please select your country'] })
    const taken = formReply(await act(newUser({ email: admin.email })))
    expect(taken.status).toBe(409)
    expect(shownToast(taken.toast)).toEqual({
      type: 'error',
      title: 'Error Creating User',
      description: 'An account with this email already exists',
    })
  })

  test('filter and search are in the URL; 25 a page with links to the others; admins cannot be deleted', async () => {
    const tag = `Filter${process.pid}`
    for (let i = 0; i < 26; i++) await createUser({ firstName: 'Many', lastName: `${tag}${i}` })
    const page = await load(`?q=${tag}`)
    expect(page.users).toMatchObject({ total: 26, q: tag })
    expect(page.users?.rows).toHaveLength(25)
    expect(page.paging).toEqual({ prevHref: null, nextHref: `${PAGE}?q=${tag}&page=2`, label: 'Page 1 of 2' })

    const admins = await load('?filter=admins')
    expect(admins.users?.rows.every((u) => u.isAdmin && u.deleteHref === null)).toBe(true)
    expect(admins.users?.filters.find((f) => f.current)?.label).toBe('Admins')
    // Forcing the confirmation open for an admin shows nothing.
    expect((await load(`?deleteUser=${admin.id}`)).deletingUser).toBeNull()
  })

  test('the delete confirmation states the consequences in numbers; deleting answers the spec’s toast', async () => {
    const practitioner = await createListedPractitioner({ firstName: 'Gone', lastName: 'Soon' })
    const service = insertService(practitioner.id, { priceCents: 0 })
    const slot = insertSlot({
      practitionerId: practitioner.id,
      serviceId: service.id,
      startTime: new Date(Date.now() + 7 * 86_400_000),
    })
    await createBooking(await createUser(), { serviceId: service.id, timeSlotId: slot.id })

    const page = await load(`?deleteUser=${practitioner.id}`)
    expect(page.deletingUser).toMatchObject({
      id: practitioner.id,
      name: 'Gone Soon',
      summary: 'This cancels 1 upcoming session (none of them is paid, so nothing is refunded). 1 person is emailed.',
      action: `${PAGE}?deleteUser=${practitioner.id}`,
    })
    const answer = await act(
      { intent: 'delete-user', userId: String(practitioner.id) },
      `?deleteUser=${practitioner.id}`,
    )
    expect(shownToast(await readToast(expectRedirect(answer, PAGE)))).toMatchObject({
      type: 'success',
      title: 'User Deleted',
    })
    expect(userRow(practitioner.id)).toBeUndefined()
  })

  test('deleting an admin is refused with the spec’s error toast', async () => {
    const other = await createUser({ isAdmin: true })
    const answer = await act({ intent: 'delete-user', userId: String(other.id) })
    expect(shownToast(await readToast(expectRedirect(answer, PAGE)))).toEqual({
      type: 'error',
      title: 'Error Deleting User',
      description: 'An admin account cannot be deleted, your own included.',
    })
    expect(userRow(other.id)).toBeDefined()
  })

  test('suspend and unsuspend from the list, back to the same filter', async () => {
    const client = await createUser({ firstName: 'Sus', lastName: 'Pended' })
    const query = '?filter=clients&q=Pended'
    const suspended = await act({ intent: 'suspend-user', userId: String(client.id) }, query)
    expect(shownToast(await readToast(expectRedirect(suspended, `${PAGE}${query}`)))).toMatchObject({
      title: 'User Suspended',
    })
    expect((await load(query)).users?.rows).toMatchObject([{ id: client.id, suspended: true }])
    const restored = await act({ intent: 'unsuspend-user', userId: String(client.id) }, query)
    expect(shownToast(await readToast(restored as Response))).toMatchObject({ title: 'User Unsuspended' })
    expect(userRow(client.id)?.suspendedAt).toBeNull()
  })
})

describe('Messages and Leads', () => {
  test('messages: New while unread, a reply link with the subject, mark read and delete with the spec’s toasts', async () => {
    const message = createContactMessage({
      name: 'Robin',
      email: 'robin@example.com',
      subject: 'Group sessions?',
      message: 'Do you run group sessions?',
    })
    const page = await load('?tab=messages')
    expect(page.tab).toBe('messages')
    expect(page.users).toBeNull()
    expect(page.messages?.rows[0]).toMatchObject({
      id: message.id,
      isRead: false,
      replyHref: 'mailto:robin@example.com?subject=Re%3A%20Group%20sessions%3F',
      deleteHref: `${PAGE}?tab=messages&deleteMessage=${message.id}`,
    })
    const read = await act({ intent: 'mark-message-read', messageId: String(message.id) }, '?tab=messages')
    expect(shownToast(await readToast(expectRedirect(read, `${PAGE}?tab=messages`)))).toMatchObject({
      type: 'success',
      title: 'Message Marked as Read',
    })
    expect((await load('?tab=messages')).messages?.rows[0]?.isRead).toBe(true)

    const failed = await act({ intent: 'mark-message-read', messageId: '999999' }, '?tab=messages')
    expect(shownToast(await readToast(failed as Response))).toEqual({
      type: 'error',
      title: 'Error',
      description: 'Message not found',
    })

    expect((await load(`?tab=messages&deleteMessage=${message.id}`)).deletingMessage).toMatchObject({
      subject: 'Group sessions?',
    })
    await act({ intent: 'delete-message', messageId: String(message.id) }, `?tab=messages&deleteMessage=${message.id}`)
    expect(getDb().select().from(contactMessages).where(eq(contactMessages.id, message.id)).get()).toBeUndefined()
  })

  test('leads: delete with the spec’s toast; the CSV export escapes formulas and is recorded', async () => {
    const lead = createLead({
      firstName: '=HYPERLINK("http://evil.example","x")',
      lastName: 'Okafor, Jr.',
      email: 'amara@example.com',
      countryCode: '+44',
      phoneNumber: '020 7946 0018',
      practiceType: 'yoga',
      yearsOfExperience: '1-2',
      userType: 'practitioner',
      source: 'launching_soon',
    })
    const page = await load('?tab=leads')
    expect(page.leads?.rows[0]).toMatchObject({ id: lead.id, phone: '+44 020 7946 0018' })
    // The source's label is a catalogue key until the page shows it (issue 48).
    expect(inEnglish(page.leads!.rows[0]!.source)).toBe('Launching soon page')

    const answer = (await settle(() =>
      leadsCsv.action(routeArgs(formRequest('/admin/leads.csv', {}, { cookie: adminCookie }))),
    )) as Response
    expect(answer.status).toBe(200)
    expect(answer.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(answer.headers.get('Content-Disposition')).toMatch(
      /^attachment; filename="solace-leads-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    const csv = await answer.text()
    const [header, first] = csv.replace(/^\ufeff/, '').split('\r\n')
    expect(header).toBe(
      'First name,Last name,Email,Country code,Phone number,Type,Source,Practice type,Years of experience,Notes,Created (UTC)',
    )
    expect(first).toMatch(
      /^"'=HYPERLINK\(""http:\/\/evil\.example"",""x""\)","Okafor, Jr\.",amara@example\.com,\+44,020 7946 0018,practitioner,launching_soon,yoga,1-2,,/,
    )
    const [exported] = getDb().select().from(adminAuditLog).where(eq(adminAuditLog.action, 'leads_export')).all()
    expect(exported).toMatchObject({ adminId: admin.id })
    // The trail keeps a message (values, not words); each admin reads it in their language.
    expect(inEnglish(exported!.detail!)).toMatch(/^\d+ lead\(s\)$/)
    expect(inFrench(exported!.detail!)).toMatch(/^\d+ inscription\(s\) anticipée\(s\)$/)
    expect((leadsCsv.loader() as Response).status).toBe(405)

    const deleted = await act({ intent: 'delete-lead', leadId: String(lead.id) }, `?tab=leads&deleteLead=${lead.id}`)
    expect(shownToast(await readToast(expectRedirect(deleted, `${PAGE}?tab=leads`)))).toMatchObject({
      title: 'Lead Deleted',
    })
    const again = await act({ intent: 'delete-lead', leadId: String(lead.id) }, '?tab=leads')
    expect(shownToast(await readToast(again as Response))).toEqual({
      type: 'error',
      title: 'Error',
      description: 'Lead not found',
    })
  })
})

test('Activity lists the admin trail, newest first, 25 a page', async () => {
  for (let i = 0; i < 26; i++) {
    const { id } = createContactMessage({ name: 'Trail', email: 'trail@example.com', subject: `S${i}`, message: 'x' })
    await act({ intent: 'mark-message-read', messageId: String(id) }, '?tab=messages')
  }
  const page = await load()
  expect(page.activity.rows).toHaveLength(25)
  expect(page.activity.rows[0]).toMatchObject({
    who: admin.email,
    what: 'Marked message as read',
    record: 'Trail <trail@example.com>',
  })
  expect(page.activity.paging.nextHref).toBe(adminHref({ activity: 2 }))
  const second = await load('?activity=2')
  expect(second.activity.rows.length).toBeGreaterThan(0)
  expect(second.activity.paging.prevHref).toBe(PAGE)
})

describe('in French, for an admin who chose French', () => {
  let frenchCookie: string
  beforeAll(async () => {
    const frenchAdmin = await createUser({ isAdmin: true, firstName: 'Aude', lastName: 'Admin', language: 'fr' })
    frenchCookie = await signIn(frenchAdmin.id)
  })
  const shownInFrench = <T extends Pick<Toast, 'title' | 'description'>>(toast: T | null | undefined) =>
    toast && { ...toast, title: inFrench(toast.title), description: toast.description && inFrench(toast.description) }

  test('the form’s refusals: the missing fields, a practitioner without a country, a bad phone', async () => {
    const missing = formReply(await act(newUser({ email: '', lastName: '' }), '', frenchCookie))
    expect(missing.status).toBe(400)
    expect(inFrench(missing.toast!.description!)).toBe(
      'L’adresse courriel, le mot de passe, le prénom et le nom sont obligatoires',
    )
    const noCountry = formReply(await act(newUser({ userType: 'practitioner', phoneNumber: '123' }), '', frenchCookie))
    expect(
      Object.fromEntries(Object.entries(noCountry.result.error ?? {}).map(([k, v]) => [k, v?.map(inFrench)])),
    ).toEqual({
      country: ['Veuillez choisir votre pays'],
      phoneNumber: ['Veuillez entrer un numéro de téléphone valide'],
    })
  })

  test('the toasts, and the dashboard worded in French (tabs, filters, dates, consequences, trail)', async () => {
    const client = await createUser({ firstName: 'Sus', lastName: 'Français' })
    const suspended = await act({ intent: 'suspend-user', userId: String(client.id) }, '', frenchCookie)
    expect(shownInFrench(await readToast(suspended as Response))).toEqual({
      type: 'success',
      title: 'Utilisateur suspendu',
      description: 'Sus Français ne peut plus se connecter et n’apparaît plus dans la liste publique.',
    })
    const refused = await act({ intent: 'delete-user', userId: String(admin.id) }, '', frenchCookie)
    expect(shownInFrench(await readToast(refused as Response))).toEqual({
      type: 'error',
      title: 'Erreur lors de la suppression de l’utilisateur',
      description: 'Un compte administrateur ne peut pas être supprimé, y compris le vôtre.',
    })

    const practitioner = await createListedPractitioner({ firstName: 'Pierre', lastName: 'Partant' })
    const service = insertService(practitioner.id, { priceCents: 0 })
    const slot = insertSlot({
      practitionerId: practitioner.id,
      serviceId: service.id,
      startTime: new Date(Date.now() + 7 * 86_400_000),
    })
    await createBooking(await createUser(), { serviceId: service.id, timeSlotId: slot.id })
    const page = await load(`?q=Pierre&deleteUser=${practitioner.id}`, frenchCookie)
    expect(page.tabs.map((tab) => tab.label)).toEqual([
      'Gestion des utilisateurs',
      'Messages',
      'Inscriptions anticipées',
    ])
    expect(page.users?.filters.map((filter) => filter.label)).toEqual([
      'Tous les utilisateurs',
      'Praticiens',
      'Clients',
      'Administrateurs',
    ])
    expect(page.users?.rows[0]?.created).toMatch(/^\d{1,2} [a-zéû]+\.? \d{4}$/)
    expect(page.deletingUser?.summary).toBe(
      'Cette suppression annule 1 séance à venir (elle n’est pas payée, donc rien n’est remboursé). 1 personne est avisée par courriel.',
    )
    expect(page.activity.rows[0]).toMatchObject({ what: 'Utilisateur suspendu' })
  })

  test('the leads: their source in French, and the CSV’s headers and name in each admin’s language', async () => {
    createLead({
      firstName: 'Léa',
      lastName: 'Lavoie',
      email: 'lea@example.com',
      countryCode: '+1',
      phoneNumber: '514 555 0101',
      practiceType: 'yoga',
      yearsOfExperience: '1-2',
      userType: 'patient',
      source: 'referral',
    })
    const page = await load('?tab=leads', frenchCookie)
    expect(page.leads?.rows[0]).toMatchObject({ name: 'Léa Lavoie', source: 'Recommandation' })

    const download = async (cookie: string) => {
      const answer = (await settle(() =>
        leadsCsv.action(routeArgs(formRequest('/admin/leads.csv', {}, { cookie }))),
      )) as Response
      const [header] = (await answer.text()).replace(/^\ufeff/, '').split('\r\n')
      return { header, name: answer.headers.get('Content-Disposition') }
    }
    const french = await download(frenchCookie)
    expect(french.header).toBe(
      'Prénom,Nom,Courriel,Indicatif de pays,Numéro de téléphone,Type,Source,Type de pratique,Années d’expérience,Notes,Date de création (UTC)',
    )
    expect(french.name).toMatch(/^attachment; filename="solace-inscriptions-anticipees-\d{4}-\d{2}-\d{2}\.csv"$/)
    const english = await download(adminCookie)
    expect(english.header).toBe(
      'First name,Last name,Email,Country code,Phone number,Type,Source,Practice type,Years of experience,Notes,Created (UTC)',
    )
    expect(english.name).toMatch(/^attachment; filename="solace-leads-\d{4}-\d{2}-\d{2}\.csv"$/)
  })

  test('the activity trail’s details in each admin’s language; rows written before French read as written', async () => {
    const future = (minutes: number) => new Date(Date.now() + 365 * 86_400_000 + minutes * 60_000)
    const row = (action: 'user_create' | 'user_delete' | 'leads_export', detail: string, minutes: number) => ({
      adminId: admin.id,
      adminEmail: admin.email,
      action,
      targetId: null,
      targetLabel: null,
      detail,
      createdAt: future(minutes),
    })
    getDb()
      .insert(adminAuditLog)
      .values([
        row('user_delete', 'client; cancelled 1 upcoming session(s), refunded $10.00 CAD', 1),
        row('user_create', createdDetail('practitioner'), 2),
        row('leads_export', exportedDetail(4), 3),
        row('user_delete', deletedDetail('practitioner', 3, 13000), 4),
      ])
      .run()
    const details = async (cookie: string) =>
      (await load('', cookie)).activity.rows.slice(0, 4).map((entry) => entry.detail)
    expect(await details(frenchCookie)).toEqual([
      'praticien; 3 séance(s) à venir annulée(s), 130,00\u00a0$ remboursés',
      '4 inscription(s) anticipée(s)',
      'praticien',
      'client; cancelled 1 upcoming session(s), refunded $10.00 CAD',
    ])
    expect(await details(adminCookie)).toEqual([
      'practitioner; cancelled 3 upcoming session(s), refunded $130.00 CAD',
      '4 lead(s)',
      'practitioner',
      'client; cancelled 1 upcoming session(s), refunded $10.00 CAD',
    ])
  })
})
