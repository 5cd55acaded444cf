import { expect, test, type Page } from '@playwright/test'
import { signUpAs } from './sessions'
import { expectToast, uniqueEmail } from './support'

/**
 * Patient Charting, with JavaScript and without (the two projects): a fresh practitioner adds a
 * patient, edits the profile, adds, edits and deletes a note, uploads, downloads and deletes a
 * document, exports the record, and deletes the patient.
 */

const PAGE = '/practitioner/patient-charting'

function patientRow(page: Page, name: string) {
  return page.getByTestId('patient-row').filter({ hasText: name })
}

test('a practitioner charts a patient: profile, notes, and deletion', async ({ page }, testInfo) => {
  test.slow()
  await signUpAs(page, {
    email: uniqueEmail(testInfo, 'chart-practitioner'),
    password: 'secret-1234',
    firstName: 'Mara',
    lastName: 'Chart',
    phoneNumber: '416 555 0199',
    isPractitioner: true,
    country: 'CA',
  })

  await page.goto(PAGE)
  await expect(page.getByRole('heading', { level: 1, name: 'Patient Charting' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Patients (0)' })).toBeVisible()
  await expect(page.getByText('No patients yet')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Select a Patient' })).toBeVisible()

  // Add a patient (the names are required).
  await page.getByRole('link', { name: 'Add Patient' }).click()
  const add = page.getByRole('dialog', { name: 'Add New Patient' })
  await add.getByLabel('First name').fill('Ada')
  await add.getByRole('button', { name: 'Create Patient' }).click()
  await expect(add.getByText('Last name is required')).toBeVisible()
  await add.getByLabel('Last name').fill('Lovelace')
  await add.getByLabel('Email', { exact: true }).fill('ada@example.com')
  await add.getByLabel('Date of birth').fill('1985-04-12')
  await add.getByLabel('Allergies').fill('Penicillin')
  await add.getByRole('button', { name: 'Create Patient' }).click()
  await expectToast(page, 'Patient profile created successfully')
  await expect(page.getByRole('heading', { name: 'Patients (1)' })).toBeVisible()
  await expect(patientRow(page, 'Ada Lovelace')).toContainText('ada@example.com')
  await expect(patientRow(page, 'Ada Lovelace')).toContainText(/Added .+ ago/)
  const chart = page.getByRole('region', { name: 'Ada Lovelace' })
  await expect(chart.getByText('Apr 12, 1985')).toBeVisible()
  await expect(chart.getByText('Penicillin')).toBeVisible()
  await expect(chart.getByRole('list', { name: 'Access history' })).toContainText('Viewed the record')

  // Search.
  await page.getByRole('searchbox', { name: 'Search patients' }).fill('nobody')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByText('No patients match your search')).toBeVisible()
  await page.getByRole('searchbox', { name: 'Search patients' }).fill('love')
  await page.getByRole('button', { name: 'Search' }).click()
  await patientRow(page, 'Ada Lovelace')
    .getByRole('link', { name: /^Ada Lovelace/ })
    .click()

  // Edit the profile.
  await chart.getByRole('link', { name: 'Edit Profile' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit Patient Profile' })
  await expect(edit.getByLabel('Date of birth')).toHaveValue('1985-04-12')
  await edit.getByLabel('Phone', { exact: true }).fill('416 555 0100')
  await edit.getByLabel('Allergies').fill('')
  await edit.getByRole('button', { name: 'Save Changes' }).click()
  await expectToast(page, 'Patient profile updated successfully')
  await expect(chart.getByText('416 555 0100')).toBeVisible()
  await expect(chart.getByText('Penicillin')).toHaveCount(0)

  // Notes: add, edit, delete.
  await chart.getByRole('link', { name: /^Notes/ }).click()
  await expect(chart.getByText('No notes yet')).toBeVisible()
  await chart.getByRole('link', { name: 'Add Note' }).click()
  const addNote = page.getByRole('dialog', { name: 'Add Note' })
  await addNote.getByLabel('Title').fill('First visit')
  await addNote.getByLabel('Content').fill('Talked about sleep.')
  await addNote.getByLabel('Category').selectOption('assessment')
  await addNote.getByLabel(/Private note/).check()
  await addNote.getByRole('button', { name: 'Add Note' }).click()
  await expectToast(page, 'Patient note added successfully')
  const note = chart.getByTestId('note').filter({ hasText: 'First visit' })
  await expect(note).toContainText('Assessment')
  await expect(note).toContainText('Private')
  await expect(chart.getByRole('heading', { name: 'Notes (1)' })).toBeVisible()

  await note.getByRole('link', { name: 'Edit First visit' }).click()
  const editNote = page.getByRole('dialog', { name: 'Edit Note' })
  await editNote.getByLabel('Title').fill('Intake')
  await editNote.getByLabel(/Private note/).uncheck()
  await editNote.getByRole('button', { name: 'Save Changes' }).click()
  await expectToast(page, 'Patient note updated successfully')
  const edited = chart.getByTestId('note').filter({ hasText: 'Intake' })
  await expect(edited).not.toContainText('Private')

  await edited.getByRole('link', { name: 'Delete Intake' }).click()
  const confirmNote = page.getByRole('dialog', { name: 'Delete Note' })
  await expect(confirmNote).toContainText('Intake')
  await expect(confirmNote).toContainText('This action cannot be undone.')
  await confirmNote.getByRole('button', { name: 'Delete' }).click()
  await expectToast(page, 'Patient note deleted successfully')
  await expect(chart.getByText('No notes yet')).toBeVisible()

  // Documents: upload a PDF, download it, delete it. The description is typed after choosing
  // the file: nothing goes before Upload, so it is kept.
  await chart.getByRole('link', { name: /^Docs/ }).click()
  await expect(chart.getByText('No documents uploaded yet')).toBeVisible()
  await expect(chart.getByText('Supports: Images, PDF, Word docs, Excel files (max 10MB)')).toBeVisible()
  const pdf = Buffer.from('%PDF-1.4\n% Intake form for Ada\n%%EOF\n')
  await chart
    .getByLabel('Document file')
    .setInputFiles({ name: 'intake form.pdf', mimeType: 'application/pdf', buffer: pdf })
  if (testInfo.project.name === 'js') await expect(chart.getByText('Chosen: intake form.pdf')).toBeVisible()
  await chart.getByLabel('Description (optional)').fill('Intake form')
  await chart.getByRole('button', { name: 'Upload' }).click()
  await expectToast(page, 'Document uploaded successfully')
  const doc = chart.getByTestId('document').filter({ hasText: 'intake form.pdf' })
  await expect(doc).toContainText(`${pdf.byteLength} Bytes`)
  await expect(doc).toContainText('Intake form')
  // Its type as a drawn icon with a name, never an emoji (an empty box without an emoji font).
  const icon = doc.getByRole('img', { name: 'PDF' })
  await expect(icon).toBeVisible()
  expect(await icon.evaluate((element) => element.tagName)).toBe('svg')
  await expect(chart.getByRole('link', { name: 'Docs (1)' })).toBeVisible()

  const downloading = page.waitForEvent('download')
  await doc.getByRole('link', { name: 'Download intake form.pdf' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe('intake form.pdf')
  const saved = await download.createReadStream()
  const chunks: Buffer[] = []
  for await (const chunk of saved) chunks.push(chunk as Buffer)
  expect(Buffer.concat(chunks).equals(pdf)).toBe(true)

  // A file that is not what its name says is refused, and nothing is listed.
  await chart
    .getByLabel('Document file')
    .setInputFiles({ name: 'lab.pdf', mimeType: 'application/pdf', buffer: Buffer.from('MZ, a program') })
  await chart.getByRole('button', { name: 'Upload' }).click()
  await expectToast(page, "This file's contents do not match its type, so it was not uploaded.")
  await expect(chart.getByTestId('document')).toHaveCount(1)

  // Export record: a printable page with the profile, notes and documents.
  await chart.getByRole('link', { name: 'Export record' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible()
  await expect(page.getByRole('region', { name: /^Documents/ })).toContainText('intake form.pdf')
  await page.getByRole('link', { name: 'Back to chart' }).click()
  // Back on the chart; search again, so the deletion below is seen to keep the search.
  await page.getByRole('searchbox', { name: 'Search patients' }).fill('love')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(/[?&]q=love/)
  await patientRow(page, 'Ada Lovelace')
    .getByRole('link', { name: /^Ada Lovelace/ })
    .click()
  await expect(page).toHaveURL(/[?&]q=love.*patient=|patient=.*[?&]q=love/)
  await chart.getByRole('link', { name: /^Docs/ }).click()
  await expect(page).toHaveURL(/tab=docs/)

  await doc.getByRole('link', { name: 'Delete intake form.pdf' }).click()
  const confirmDoc = page.getByRole('dialog', { name: 'Delete Document' })
  await expect(confirmDoc).toContainText('intake form.pdf')
  await expect(confirmDoc).toContainText('This action cannot be undone.')
  await confirmDoc.getByRole('button', { name: 'Delete' }).click()
  await expectToast(page, 'Document deleted successfully')
  await expect(chart.getByText('No documents uploaded yet')).toBeVisible()

  // Delete the patient.
  await patientRow(page, 'Ada Lovelace').getByRole('link', { name: 'Delete Ada Lovelace' }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete Patient Profile' })
  await expect(confirm).toContainText(
    "Are you sure you want to delete Ada Lovelace's profile? This will also delete all their notes.",
  )
  await expect(confirm).toContainText('Their documents and the stored files are deleted too.')
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expectToast(page, 'Patient profile deleted successfully')
  // The search stays in the URL.
  await expect(page.getByText('No patients match your search')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Patients (0)' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Select a Patient' })).toBeVisible()
})

test('a practitioner consults the AI about a patient: ask, read, expand the summary, clear', async ({
  page,
}, testInfo) => {
  await signUpAs(page, {
    email: uniqueEmail(testInfo, 'ai-practitioner'),
    password: 'secret-1234',
    firstName: 'Ines',
    lastName: 'Asker',
    phoneNumber: '416 555 0198',
    isPractitioner: true,
    country: 'CA',
  })
  const created = await page.request.post('/api/patient-profiles', {
    data: { firstName: 'Noor', lastName: 'Haddad', allergies: 'Latex' },
  })
  expect(created.status()).toBe(201)
  const { id } = (await created.json()) as { id: number }

  await page.goto(`${PAGE}?patient=${id}`)
  const chart = page.getByRole('region', { name: 'Noor Haddad' })
  await chart.getByRole('link', { name: 'Consult the AI' }).click()
  await chart.getByText('What the assistant sees').click()
  await expect(chart.getByText(/Never sent: private notes/)).toBeVisible()

  // A blank question is refused (with JavaScript, Ask AI waits for a question).
  const ask = chart.getByRole('button', { name: 'Ask AI' })
  if (testInfo.project.name === 'js') {
    await expect(ask).toBeDisabled()
  } else {
    await ask.click()
    await expectToast(page, 'Question Required', 'Please enter a question for the AI consultation')
  }

  // An example question fills the box.
  const example = 'What information is missing from this record that would help me plan their care?'
  await chart.getByRole('link', { name: example }).click()
  await expect(chart.getByLabel('Your question')).toHaveValue(example)
  // With JavaScript the answer streams from the API as it is written.
  const streamed =
    testInfo.project.name === 'js'
      ? page.waitForResponse(
          (r) =>
            r.url().endsWith(`/api/patient-profiles/${id}/ai-consult`) &&
            r.headers()['content-type']?.startsWith('text/event-stream') === true,
        )
      : null
  await ask.click()
  await streamed
  await expectToast(page, 'AI Consultation Complete')
  const answer = chart.getByRole('article', { name: 'AI answer' })
  await expect(answer).toContainText(example)
  await expect(answer).toContainText('Demo answer')
  await expect(answer).toContainText('Latex')
  await expect(answer).toContainText('Medical disclaimer:')

  // The summary is collapsed until opened, and closes again.
  const summary = answer.locator('details').filter({ hasText: 'Patient Summary (Generated by AI)' })
  await expect(summary).not.toHaveAttribute('open')
  await summary.getByText('Patient Summary (Generated by AI)').click()
  await expect(summary).toHaveAttribute('open')
  await summary.getByText('Patient Summary (Generated by AI)').click()
  await expect(summary).not.toHaveAttribute('open')

  // Clear: the answer leaves the page; it stays among the earlier consultations.
  await chart.getByRole('link', { name: 'Clear' }).click()
  await expect(chart.getByRole('article', { name: 'AI answer' })).toHaveCount(0)
  await expect(chart.getByRole('region', { name: 'Earlier consultations' })).toContainText(example)
})
