import { expect, test, type Page } from '@playwright/test'
import { expectToast, uniqueEmail } from './support'

/**
 * Patient Charting, with JavaScript and without (the two projects): a fresh practitioner adds a
 * patient, edits the profile, adds, edits and deletes a note, and deletes the patient.
 */

const PAGE = '/practitioner/patient-charting'

function patientRow(page: Page, name: string) {
  return page.getByTestId('patient-row').filter({ hasText: name })
}

test('a practitioner charts a patient: profile, notes, and deletion', async ({ page }, testInfo) => {
  const signup = await page.request.post('/api/signup', {
    data: {
      email: uniqueEmail(testInfo, 'chart-practitioner'),
      password: 'secret123',
      firstName: 'Mara',
      lastName: 'Chart',
      phoneNumber: '416 555 0199',
      isPractitioner: true,
      country: 'CA',
    },
  })
  expect(signup.status()).toBe(201)

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

  // Delete the patient.
  await patientRow(page, 'Ada Lovelace').getByRole('link', { name: 'Delete Ada Lovelace' }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete Patient Profile' })
  await expect(confirm).toContainText(
    "Are you sure you want to delete Ada Lovelace's profile? This will also delete all their notes.",
  )
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expectToast(page, 'Patient profile deleted successfully')
  // The search stays in the URL.
  await expect(page.getByText('No patients match your search')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Patients (0)' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Select a Patient' })).toBeVisible()
})
