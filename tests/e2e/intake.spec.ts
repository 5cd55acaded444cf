import { expect, test, type Page } from '@playwright/test'
import Database from 'better-sqlite3'
import {
  expectToast,
  giveUpcomingSession,
  latestEmailTo,
  signUpClient,
  signUpPractitioner,
  testDatabase,
  writableTestDatabase,
} from './support'

/**
 * Intake forms, with JavaScript and without (docs/decisions/041-intake-forms.md). A practitioner
 * builds a form in Intake Forms: a title, one of their services, a required short answer, a single
 * choice with its options and a consent, adding, removing and moving questions (conform's list
 * intents, which the server applies without JavaScript); reopened, it has the questions in the
 * saved order as version 1, and an edit makes version 2. A client asked a form before their
 * session (reminded by the practitioner from the dashboard) opens it from the booking's page:
 * Review Answers refuses a missing required answer and a consent signed with another name, each
 * by its question; a draft is kept across a reload; the summary is checked, edited and sent, after
 * which the page is read-only. The practitioner's dashboard then says "Intake: completed", and
 * the answers, with the consent's signature, are in the client's chart (made from their account)
 * and in its Export record.
 */

const HOUR = 60 * 60_000
const INTAKE_FORMS = '/practitioner/intake-forms'
/** The app's words (app/models/intake/intake-form.ts). */
const FORM_SAVED = 'Intake form saved. Answers already given keep the version they answered.'
const DRAFT_SAVED = 'Draft saved. You can come back to it before your session.'
const INTAKE_SENT = 'Thank you. Your answers are with your practitioner.'
const ANSWER_REQUIRED = 'Please answer this question'
const consentMismatch = (fullName: string) => `Type your full name, ${fullName}, to agree`
const CONSENT_REQUIRED = 'Type your full name to agree'
const TITLE_TAKEN = 'You already have a form with this title. Choose another.'
/** The bound on forms (MAX_FORMS, TOO_MANY_FORMS in app/models/intake/intake-form.ts). */
const MAX_FORMS = 50
const TOO_MANY_FORMS = `You can keep at most ${MAX_FORMS} intake forms. Remove one you no longer use before adding another.`
const KIND = {
  short: 'Short answer',
  single: 'Single choice',
  multiple: 'Multiple choice',
  consent: 'Consent (typed signature)',
}

/** A whole hour `days` days from now: in the future in any zone. */
function daysAhead(days: number) {
  return Math.ceil((Date.now() + days * 24 * HOUR) / HOUR) * HOUR
}

/**
 * A free service of this practitioner named `name`, written straight to the test database (the
 * services screen has its own tests): one the builder offers to ask a form before.
 */
function giveService(practitionerEmail: string, name: string) {
  const db = writableTestDatabase()
  try {
    return Number(
      db
        .prepare(
          `INSERT INTO services (practitioner_id, name, description, category, price_cents)
           VALUES ((SELECT id FROM users WHERE email = ?), ?, 'A session.', 'Yoga', 0)`,
        )
        .run(practitionerEmail, name).lastInsertRowid,
    )
  } finally {
    db.close()
  }
}

/** The service a booking is for, from the test database. */
function serviceOf(bookingId: number) {
  const db = new Database(testDatabase(), { readonly: true, fileMustExist: true })
  try {
    return (db.prepare('SELECT service_id AS id FROM bookings WHERE id = ?').get(bookingId) as { id: number }).id
  } finally {
    db.close()
  }
}

/** The builder's controls for question `n` (1-based), by their labels. */
function question(page: Page, n: number) {
  const name = `Question ${n}`
  return {
    // A consent's text is the statement the client agrees to, and its label says so.
    label: page.getByLabel(new RegExp(`^${name}: (Text|Statement they agree to)$`)),
    kind: page.getByLabel(`${name}: Kind`, { exact: true }),
    required: page.getByLabel(`${name}: Required`, { exact: true }),
    options: page.getByLabel(`${name}: Options, one per line`, { exact: true }),
    apply: page.getByRole('button', { name: `Apply ${name}'s kind`, exact: true }),
  }
}

/**
 * Picks question `n`'s kind. With JavaScript the builder redraws at once; without, Apply (there
 * only then) brings the page back drawn for it.
 */
async function chooseKind(page: Page, n: number, kind: string, js: boolean) {
  await question(page, n).kind.selectOption({ label: kind })
  if (js) await expect(question(page, n).apply).toHaveCount(0)
  else await question(page, n).apply.click()
  await expect(question(page, n).kind).toHaveValue(Object.entries(KIND).find(([, label]) => label === kind)![0])
}

test('a practitioner builds an intake form, reorders its questions, and an edit makes a new version', async ({
  page,
}, testInfo) => {
  test.slow()
  const practitioner = await signUpPractitioner(page, testInfo)
  const asked = `Intake Massage ${testInfo.project.name}`
  const other = `Other Session ${testInfo.project.name}`
  giveService(practitioner.email, asked)
  giveService(practitioner.email, other)
  const title = `Before we meet ${testInfo.project.name}`
  const js = testInfo.project.name === 'js'

  await page.goto(INTAKE_FORMS)
  await expect(page.getByRole('heading', { level: 1, name: 'Intake Forms' })).toBeVisible()
  await expect(page.getByText('No intake forms yet', { exact: true })).toBeVisible()
  await page.getByRole('link', { name: 'New Form' }).click()
  await expect(page).toHaveURL(`${INTAKE_FORMS}/new`)
  await expect(page.getByRole('heading', { level: 1, name: 'New intake form' })).toBeVisible()
  // A first form is offered "Intake form"; no Preview before it is saved.
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Intake form')
  await expect(page.getByRole('link', { name: 'Preview', exact: true })).toHaveCount(0)

  await page.getByLabel('Title', { exact: true }).fill(title)
  const services = page.getByRole('group', { name: 'Asked before sessions of' })
  await services.getByLabel(asked).check()
  // Question 1, as a new form starts it: a short answer that must be answered.
  await expect(question(page, 1).kind).toHaveValue('short')
  await expect(question(page, 1).required).toBeChecked()
  await question(page, 1).label.fill('What brings you here?')
  // The options box is for a choice only.
  await expect(question(page, 1).options).toHaveCount(0)

  await page.getByRole('button', { name: '+ Question' }).click()
  // Without JavaScript the page came back from the server: what was chosen is still chosen.
  await expect(services.getByLabel(asked)).toBeChecked()
  await expect(question(page, 1).label).toHaveValue('What brings you here?')
  await question(page, 2).label.fill('How did you hear of us?')
  await expect(question(page, 2).options).toHaveCount(0)
  await chooseKind(page, 2, KIND.single, js)
  await expect(question(page, 2).options).toBeVisible()
  await expect(question(page, 2).label).toHaveValue('How did you hear of us?')
  await question(page, 2).required.uncheck()
  await question(page, 2).options.fill('A friend\nA search')

  // A third question, added and then removed: the consent that follows takes its place.
  await page.getByRole('button', { name: '+ Question' }).click()
  await question(page, 3).label.fill('A question to remove')
  // A choice's box goes when the kind is no choice any more.
  await chooseKind(page, 3, KIND.multiple, js)
  await expect(question(page, 3).options).toBeVisible()
  await chooseKind(page, 3, KIND.short, js)
  await expect(question(page, 3).options).toHaveCount(0)
  await expect(question(page, 2).options).toHaveValue('A friend\nA search')
  await page.getByRole('button', { name: '+ Question' }).click()
  await question(page, 4).label.fill('I agree to the cancellation policy.')
  await chooseKind(page, 4, KIND.consent, js)
  await expect(page.getByLabel('Question 4: Statement they agree to', { exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Remove Question 3', exact: true }).click()
  await expect(question(page, 4).label).toHaveCount(0)
  await expect(question(page, 3).label).toHaveValue('I agree to the cancellation policy.')

  // The consent moves up, before the single choice.
  await expect(page.getByRole('button', { name: 'Move Question 1 up', exact: true })).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Move Question 3 down', exact: true })).toBeDisabled()
  await page.getByRole('button', { name: 'Move Question 3 up', exact: true }).click()
  await expect(question(page, 2).label).toHaveValue('I agree to the cancellation policy.')
  await expect(question(page, 3).label).toHaveValue('How did you hear of us?')

  await page.getByRole('button', { name: 'Save Form' }).click()
  await expectToast(page, 'Form saved', FORM_SAVED)
  await expect(page).toHaveURL(new RegExp(`${INTAKE_FORMS}/\\d+$`))
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(page.getByText('Version 1. Answers given keep their version.', { exact: true })).toBeVisible()

  // Reopened, it has what was saved, in the saved order.
  await page.reload()
  await expect(page.getByText(/^Version 1\. /)).toBeVisible()
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title)
  await expect(services.getByLabel(asked)).toBeChecked()
  await expect(services.getByLabel(other)).not.toBeChecked()
  await expect(question(page, 1).label).toHaveValue('What brings you here?')
  await expect(question(page, 1).kind).toHaveValue('short')
  await expect(question(page, 1).required).toBeChecked()
  await expect(question(page, 2).label).toHaveValue('I agree to the cancellation policy.')
  await expect(question(page, 2).kind).toHaveValue('consent')
  await expect(question(page, 2).required).toBeChecked()
  await expect(question(page, 3).label).toHaveValue('How did you hear of us?')
  await expect(question(page, 3).kind).toHaveValue('single')
  await expect(question(page, 3).required).not.toBeChecked()
  await expect(question(page, 3).options).toHaveValue('A friend\nA search')
  await expect(question(page, 4).label).toHaveCount(0)

  // An edit makes version 2.
  await question(page, 1).label.fill('What brings you to Solace?')
  // Typing elsewhere (with JavaScript, the form checks itself on every input) leaves the service chosen.
  await expect(services.getByLabel(asked)).toBeChecked()
  await page.getByRole('button', { name: 'Save Form' }).click()
  await expectToast(page, 'Form saved', FORM_SAVED)
  await expect(page.getByText(/^Version 2\. /)).toBeVisible()
  await expect(question(page, 1).label).toHaveValue('What brings you to Solace?')

  // The Preview tab: the saved version as the client meets it, with its buttons off.
  await page.getByRole('link', { name: 'Preview', exact: true }).click()
  await expect(page).toHaveURL(/\?preview=1$/)
  await expect(page.getByRole('link', { name: 'Preview', exact: true })).toHaveAttribute('aria-current', 'page')
  const preview = page.getByRole('region', { name: title })
  await expect(preview.getByLabel('1. What brings you to Solace? (required)', { exact: true })).toBeVisible()
  await expect(preview.getByText('2. Consent (required)', { exact: true })).toBeVisible()
  await expect(
    preview.getByLabel('To agree, type your full name (the client’s full name)', { exact: true }),
  ).toBeVisible()
  const heard = preview.getByRole('group', { name: '3. How did you hear of us?', exact: true })
  await expect(heard.getByRole('radio')).toHaveCount(2)
  await expect(heard.getByLabel('A search', { exact: true })).toBeVisible()
  await expect(preview.getByRole('button', { name: 'Review Answers' })).toBeDisabled()
  await expect(preview.getByRole('button', { name: 'Save Draft' })).toBeDisabled()
  await expect(question(page, 1).label).toHaveCount(0)
  await page.getByRole('link', { name: 'Edit', exact: true }).click()
  await expect(question(page, 1).label).toHaveValue('What brings you to Solace?')

  await page.getByRole('link', { name: 'All intake forms' }).click()
  await expect(page).toHaveURL(INTAKE_FORMS)
  const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title, exact: true }) })
  await expect(card).toContainText('Version 2 · 3 questions')
  await expect(card).toContainText(`Asked before sessions of: ${asked}`)

  // The API reads the same form.
  const forms = (await (await page.request.get('/api/intake-forms')).json()) as {
    title: string
    version: number
    questions: { kind: string; label: string; required: boolean; options?: string[] }[]
  }[]
  expect(forms).toHaveLength(1)
  expect(forms[0]).toMatchObject({
    title,
    version: 2,
    questions: [
      { kind: 'short', label: 'What brings you to Solace?', required: true },
      { kind: 'consent', label: 'I agree to the cancellation policy.', required: true },
      { kind: 'single', label: 'How did you hear of us?', required: false, options: ['A friend', 'A search'] },
    ],
  })

  // A second form is not titled like the first: offered "Intake form" (free), then refused the
  // first's title in other letters.
  await page.goto(INTAKE_FORMS)
  await page.getByRole('link', { name: 'New Form' }).click()
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Intake form')
  await question(page, 1).label.fill('Anything else?')
  await page.getByRole('button', { name: 'Save Form' }).click()
  await expectToast(page, 'Form saved', FORM_SAVED)
  await expect(page.getByRole('heading', { level: 1, name: 'Intake form' })).toBeVisible()
  await page.getByRole('link', { name: 'All intake forms' }).click()
  await page.getByRole('link', { name: 'New Form' }).click()
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Intake form 2')
  await page.getByLabel('Title', { exact: true }).fill(title.toUpperCase())
  await question(page, 1).label.fill('Anything else?')
  await page.getByRole('button', { name: 'Save Form' }).click()
  await expect(page.getByLabel('Title', { exact: true })).toHaveAccessibleDescription(TITLE_TAKEN)
  await expect(page).toHaveURL(`${INTAKE_FORMS}/new`)
  await page.goto(INTAKE_FORMS)
  await expect(page.getByRole('link', { name: 'Intake form', exact: true })).toBeVisible()
  await expect(page.getByRole('link', { name: title.toUpperCase(), exact: true })).toHaveCount(0)
})

test('a client fills in the intake form with a draft and a review, and the practitioner reads it in the chart', async ({
  page,
  browser,
}, testInfo) => {
  test.slow()
  const practitionerContext = await browser.newContext()
  const p = await practitionerContext.newPage()
  const practitioner = await signUpPractitioner(p, testInfo)
  const client = await signUpClient(page, testInfo)
  const service = `Intake Yoga ${testInfo.project.name}`
  const bookingId = giveUpcomingSession(practitioner.email, client.email, daysAhead(3), service)
  const title = `Before your first class ${testInfo.project.name}`
  const consent = 'I understand these sessions are not medical care.'
  const created = await p.request.post('/api/intake-forms', {
    data: {
      title,
      serviceIds: [serviceOf(bookingId)],
      questions: [
        { kind: 'short', label: 'What would you like to work on?', required: true },
        { kind: 'single', label: 'When do you like to practise?', required: false, options: ['Mornings', 'Evenings'] },
        { kind: 'consent', label: consent, required: true },
      ],
    },
  })
  expect(created.status()).toBe(201)

  // The practitioner sees the intake waiting, and reminds the client.
  await p.goto('/practitioner/dashboard')
  const row = p.getByRole('listitem').filter({ hasText: service })
  await expect(row.getByText('Intake: waiting', { exact: true })).toBeVisible()
  await row.getByRole('button', { name: 'Remind Morgan Member to complete the intake form', exact: true }).click()
  await expectToast(p, 'Reminder sent', 'We emailed your client a link to the intake form.')
  const reminder = latestEmailTo(client.email)!
  expect(reminder.subject).toBe(`Intake form: ${service}`)
  expect(reminder.text).toContain(`/bookings/${bookingId}/intake`)

  await page.goto(`/bookings/${bookingId}`)
  await expect(page.getByRole('region', { name: 'Intake form' })).toContainText(
    'Your practitioner asks you to complete an intake form before the session.',
  )
  await page.getByRole('link', { name: `Complete intake form: ${service}`, exact: true }).click()
  await expect(page).toHaveURL(`/bookings/${bookingId}/intake`)
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(page.getByText(`Before "${service}", `)).toBeVisible()

  // A required answer missing and a consent signed with another name: each refused by its question.
  const workOn = page.getByLabel('1. What would you like to work on? (required)', { exact: true })
  const when = page.getByRole('group', { name: '2. When do you like to practise?', exact: true })
  const signature = page.getByLabel('To agree, type your full name (Morgan Member)', { exact: true })
  await when.getByLabel('Evenings').check()
  // An empty signature asks for the name (the browser and the server say the same).
  await page.getByRole('button', { name: 'Review Answers' }).click()
  await expect(workOn).toHaveAccessibleDescription(ANSWER_REQUIRED)
  await expect(signature).toHaveAccessibleDescription(CONSENT_REQUIRED)
  await signature.fill('Someone Else')
  await page.getByRole('button', { name: 'Review Answers' }).click()
  await expect(workOn).toHaveAccessibleDescription(ANSWER_REQUIRED)
  await expect(signature).toHaveAccessibleDescription(consentMismatch('Morgan Member'))
  await expect(page).toHaveURL(`/bookings/${bookingId}/intake`)

  // A draft keeps what is there, right or not yet.
  await workOn.fill('Sleeping better')
  await page.getByRole('button', { name: 'Save Draft' }).click()
  await expectToast(page, 'Draft saved', DRAFT_SAVED)
  await page.reload()
  await expect(workOn).toHaveValue('Sleeping better')
  await expect(when.getByLabel('Evenings')).toBeChecked()
  await expect(signature).toHaveValue('Someone Else')

  // Signed, reviewed, edited once more, and sent.
  await signature.fill('Morgan Member')
  await page.getByRole('button', { name: 'Review Answers' }).click()
  await expectToast(page, 'Check your answers', 'Nothing is sent until you press Send Answers.')
  await expect(page.getByRole('heading', { name: 'Check your answers' })).toBeVisible()
  await expect(page.getByRole('main')).toContainText('Sleeping better')
  await expect(page.getByText('Agreed, signed "Morgan Member"', { exact: true })).toBeVisible()
  await page.getByRole('link', { name: 'Edit Answers' }).click()
  await expect(workOn).toHaveValue('Sleeping better')
  await workOn.fill('Sleeping better and less back pain')
  await page.getByRole('button', { name: 'Review Answers' }).click()
  await expect(page.getByRole('heading', { name: 'Check your answers' })).toBeVisible()
  await expect(page.getByRole('main')).toContainText('Sleeping better and less back pain')
  await page.getByRole('button', { name: 'Send Answers' }).click()
  await expectToast(page, 'Intake form sent', INTAKE_SENT)

  // Sent: the client's copy, read-only.
  await expect(page).toHaveURL(`/bookings/${bookingId}/intake`)
  await expect(page.getByText(/^You sent these answers on .+\. They cannot be changed\.$/)).toBeVisible()
  const copy = page.getByRole('main')
  await expect(copy.getByRole('textbox')).toHaveCount(0)
  await expect(copy.getByRole('button', { name: /Review Answers|Save Draft|Send Answers/ })).toHaveCount(0)
  await expect(copy).toContainText('Sleeping better and less back pain')
  await expect(copy).toContainText('Evenings')
  await expect(copy).toContainText(`Consent: ${consent}`)
  await expect(copy.getByText(/^Agreed, signed "Morgan Member" on .+/)).toBeVisible()
  await expect(copy.getByText('Form version 1', { exact: true })).toBeVisible()
  await page.getByRole('link', { name: 'Back to your booking' }).click()
  await expect(
    page.getByRole('link', { name: `Intake form sent: see what you sent for ${service}`, exact: true }),
  ).toBeVisible()

  // The practitioner: completed on the dashboard, no reminder left to send.
  await p.reload()
  await expect(row.getByText('Intake: completed', { exact: true })).toBeVisible()
  await expect(row.getByRole('button', { name: /^Remind / })).toHaveCount(0)

  // The client's chart, made from their account, with the answers and the access trail.
  await p.goto('/practitioner/patient-charting')
  const patient = p.getByTestId('patient-row').filter({ hasText: 'Morgan Member' })
  await expect(patient).toContainText(client.email)
  await patient.getByRole('link', { name: /^Morgan Member/ }).click()
  const chart = p.getByRole('region', { name: 'Morgan Member' })
  await expect(chart.getByRole('list', { name: 'Access history' })).toContainText(
    'Received intake answers from the client',
  )
  await chart.getByRole('link', { name: 'Intake (1)', exact: true }).click()
  await expect(p).toHaveURL(/[?&]tab=intake/)
  await expect(chart.getByRole('heading', { name: title })).toBeVisible()
  await expect(chart.getByText(new RegExp(`^Sent .+ before "${service}" · form version 1$`))).toBeVisible()
  await expect(chart).toContainText('1. What would you like to work on?')
  await expect(chart).toContainText('Sleeping better and less back pain')
  await expect(chart).toContainText('Evenings')
  await expect(chart.getByText(/^Agreed, signed "Morgan Member" on .+/)).toBeVisible()

  await chart.getByRole('link', { name: 'Export record' }).click()
  await expect(p.getByRole('heading', { level: 1, name: 'Morgan Member' })).toBeVisible()
  const exported = p.getByRole('region', { name: 'Intake forms (1)' })
  await expect(exported).toContainText(title)
  await expect(exported).toContainText(`before "${service}" · version 1`)
  await expect(exported).toContainText('Sleeping better and less back pain')
  await expect(exported).toContainText(`Consent: ${consent}`)
  await expect(exported.getByText(/^Agreed, signed "Morgan Member" on .+/)).toBeVisible()
  await practitionerContext.close()
})

test('a practitioner with 50 forms is told so on the list, and a new one is refused when saved', async ({
  page,
}, testInfo) => {
  test.slow()
  await signUpPractitioner(page, testInfo)
  for (let i = 0; i < MAX_FORMS; i++) {
    const made = await page.request.post('/api/intake-forms', {
      data: { title: `Form ${i}`, questions: [{ kind: 'short', label: 'Why?', required: false }] },
    })
    expect(made.status()).toBe(201)
  }
  await page.goto(INTAKE_FORMS)
  await expect(page.getByText(TOO_MANY_FORMS, { exact: true })).toBeVisible()
  await expect(page.getByRole('link', { name: /^Form \d+$/ })).toHaveCount(MAX_FORMS)

  await page.goto(`${INTAKE_FORMS}/new`)
  await page.getByLabel('Title', { exact: true }).fill('One form too many')
  await question(page, 1).label.fill('What brings you here?')
  await page.getByRole('button', { name: 'Save Form' }).click()
  await expectToast(page, 'Form not saved', TOO_MANY_FORMS)
  await expect(page).toHaveURL(`${INTAKE_FORMS}/new`)
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('One form too many')
})
