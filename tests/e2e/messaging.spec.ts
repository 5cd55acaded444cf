import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test'
import { signUpAs } from './sessions'
import { expectToast, signUpClient, uniqueEmail, writableTestDatabase } from './support'

/**
 * Messaging, with JavaScript and without (the two projects): a client asks a question from a
 * practitioner's profile; the practitioner sees the unread badge, opens the conversation (the
 * badge clears) and replies; the client reads the reply and answers; each deletes a message and
 * the other still has it. Fresh accounts each run, so no other spec's people are touched.
 */

/** A new practitioner with a listed profile, signed in within their own browser context. */
async function newPractitioner(browser: Browser, testInfo: TestInfo) {
  const { baseURL, javaScriptEnabled, viewport } = testInfo.project.use
  const context = await browser.newContext({ baseURL, javaScriptEnabled, viewport })
  const page = await context.newPage()
  const email = uniqueEmail(testInfo, 'inbox-practitioner')
  const lastName = `Rivers${testInfo.project.name === 'js' ? 'Js' : 'Plain'}`
  await signUpAs(page, {
    email,
    password: 'secret-1234',
    firstName: 'Quinn',
    lastName,
    phoneNumber: '416 555 0199',
    isPractitioner: true,
    country: 'CA',
  })
  // A listed profile needs a picture, a title and a bio; the profile screen has its own tests.
  const db = writableTestDatabase()
  try {
    db.prepare(
      `UPDATE users SET title = 'Sleep Coach', bio = 'Better nights, calmer days.',
         profile_image_url = '/images/placeholder-avatar.svg' WHERE email = ?`,
    ).run(email)
    const { id } = db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number }
    return { page, context, id, name: `Quinn ${lastName}` }
  } finally {
    db.close()
  }
}

/**
 * With JavaScript an opened conversation is marked read by the page's own post once the thread
 * is shown (docs/decisions/032-no-get-writes-from-other-sites.md): the answer to wait for.
 * Without JavaScript the page load itself marked it, and there is nothing to wait for.
 */
function markedRead(page: Page, js: boolean) {
  if (!js) return Promise.resolve()
  return page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && /\/(client-inbox|practitioner\/inbox)\b/.test(response.url()),
  )
}

function sideInbox(page: Page, menu: 'Practice' | 'My account') {
  return page.getByRole('navigation', { name: menu, exact: true }).getByRole('link', { name: /^Inbox/ })
}

/** A message of the open thread, by its exact subject or by words of its text. */
function message(page: Page, subjectOrText: string) {
  const messages = page.getByTestId('message')
  return messages
    .filter({ has: page.getByRole('heading', { name: subjectOrText, exact: true }) })
    .or(messages.filter({ has: page.getByText(subjectOrText, { exact: false }).and(page.locator('p')) }))
}

test('a question becomes a conversation both sides carry on, read, answer and delete', async ({
  page: client,
  browser,
}, testInfo) => {
  test.slow()
  const js = testInfo.project.name === 'js'
  const practitioner = await newPractitioner(browser, testInfo)
  const p = practitioner.page
  await signUpClient(client, testInfo)

  // The client asks from the profile.
  await client.goto(`/practitioners/${practitioner.id}`)
  await expect(client.getByRole('heading', { level: 1, name: practitioner.name })).toBeVisible()
  await client.getByLabel('Subject').fill('Question about sleep')
  await client.getByLabel('Message').fill('Do you work with people who wake up at 4 AM every night?')
  await client.getByRole('button', { name: 'Send Message' }).click()
  await expect(client.getByText('Message Sent!', { exact: true })).toBeVisible()

  // The practitioner sees the badge on every signed-in page, opens the conversation: it clears.
  await p.goto('/practitioner/dashboard')
  await expect(sideInbox(p, 'Practice')).toHaveText('Inbox1 unread')
  await expect(p.getByTitle('1 unread message')).toBeVisible()
  await sideInbox(p, 'Practice').click()
  await expect(p.getByRole('heading', { level: 1, name: 'Message Inbox' })).toBeVisible()
  await expect(p.getByText('Select a conversation to view messages')).toBeVisible()
  const conversation = p.getByRole('list', { name: 'Conversations' }).getByRole('link', { name: /Morgan Member/ })
  await expect(conversation).toContainText('1 unread')
  await expect(conversation).toContainText('Question about sleep')
  const practitionerRead = markedRead(p, js)
  await conversation.click()
  await expect(p).toHaveURL(/\/practitioner\/inbox\?with=\d+#latest$/)
  await expect(message(p, 'Question about sleep')).toContainText('wake up at 4 AM')
  await expect(message(p, 'Question about sleep')).toContainText(/\d{1,2}:\d{2} [AP]M \S+/)
  await expect(sideInbox(p, 'Practice')).toHaveText('Inbox')
  await expect(p.getByTitle(/unread message/)).toHaveCount(0)
  // Read for good, not only on this page: another page counts from the database.
  await practitionerRead
  const thread = p.url()
  await p.goto('/practitioner/dashboard')
  await expect(sideInbox(p, 'Practice')).toHaveText('Inbox')
  await expect(p.getByTitle(/unread message/)).toHaveCount(0)
  await p.goto(thread)

  // The practitioner replies.
  await message(p, 'Question about sleep').getByRole('link', { name: 'Reply to Question about sleep' }).click()
  const reply = p.getByRole('dialog', { name: 'Reply' })
  await expect(reply.getByLabel('Subject')).toHaveValue('Re: Question about sleep')
  if (js) await expect(reply.getByRole('button', { name: 'Send' })).toBeDisabled()
  await reply.getByLabel('Message').fill('Yes, often. A regular wind-down routine helps a lot.')
  await reply.getByRole('button', { name: 'Send' }).click()
  await expectToast(p, 'Reply sent!', 'Your message has been sent successfully.')
  await expect(message(p, 'A regular wind-down routine')).toContainText('You')

  // The client sees the badge, reads the reply (the badge clears) and answers.
  await client.goto('/client-dashboard')
  await expect(sideInbox(client, 'My account')).toHaveText('Inbox1 unread')
  await sideInbox(client, 'My account').click()
  await expect(client.getByRole('heading', { level: 1, name: 'My Messages' })).toBeVisible()
  const withPractitioner = client.getByRole('list', { name: 'Conversations' }).getByRole('link', {
    name: new RegExp(practitioner.name),
  })
  await expect(withPractitioner).toContainText('Practitioner')
  const clientRead = markedRead(client, js)
  await withPractitioner.click()
  await expect(message(client, 'A regular wind-down routine')).toContainText(practitioner.name)
  await expect(sideInbox(client, 'My account')).toHaveText('Inbox')
  await clientRead
  await message(client, 'A regular wind-down routine')
    .getByRole('link', { name: /^Reply to/ })
    .click()
  const answer = client.getByRole('dialog', { name: 'Reply' })
  await expect(answer.getByLabel('Subject')).toHaveValue('Re: Question about sleep')
  await answer.getByLabel('Subject').fill('Thanks!')
  await answer.getByLabel('Message').fill('Too short')
  // With JavaScript the form says it before sending; without, the server answers it.
  await answer.getByRole('button', { name: 'Send' }).click()
  await expect(answer.getByText('Message must be at least 10 characters long')).toBeVisible()
  await answer.getByLabel('Message').fill('Thank you, I will try that this week.')
  await answer.getByRole('button', { name: 'Send' }).click()
  await expectToast(client, 'Reply sent!')
  await expect(message(client, 'Thanks!')).toBeVisible()

  // Each deletes a message; the other still has it.
  await message(client, 'Question about sleep').getByRole('link', { name: 'Delete Question about sleep' }).click()
  const confirm = client.getByRole('dialog', { name: 'Delete Message' })
  await expect(confirm).toContainText('Question about sleep')
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expectToast(client, 'Message deleted')
  await expect(message(client, 'Question about sleep')).toHaveCount(0)

  await p.reload()
  await expect(message(p, 'Question about sleep')).toBeVisible()
  await message(p, 'Thanks!').getByRole('link', { name: 'Delete Thanks!' }).click()
  await p.getByRole('dialog', { name: 'Delete Message' }).getByRole('button', { name: 'Delete' }).click()
  await expectToast(p, 'Message deleted')
  await expect(message(p, 'Thanks!')).toHaveCount(0)

  await client.reload()
  await expect(message(client, 'Thanks!')).toBeVisible()
  await practitioner.context.close()
})

/** Words enough for a message to take a few lines, so a dozen overflow the thread's box. */
const LONG_TEXT =
  'I tried the evening routine you suggested and wanted to tell you how the week went, night by night, with what helped and what did not.'

/**
 * A conversation already read on both sides, written straight to the test database: `count`
 * messages a minute apart, the client's first, each subject `Note <n>`.
 */
function writeReadHistory(clientId: number, practitionerId: number, count: number) {
  const db = writableTestDatabase()
  try {
    const insert = db.prepare(
      `INSERT INTO messages (sender_id, recipient_id, subject, content, is_read, created_at, updated_at, notified_at)
       VALUES (?, ?, ?, ?, 1, ?, ?, ?)`,
    )
    const start = Date.now() - 2 * 60 * 60_000
    db.transaction(() => {
      for (let n = 1; n <= count; n++) {
        const [from, to] = n % 2 ? [clientId, practitionerId] : [practitionerId, clientId]
        const at = start + n * 60_000
        insert.run(from, to, `Note ${n}`, LONG_TEXT, at, at, at)
      }
    }).immediate()
  } finally {
    db.close()
  }
}

function userId(email: string) {
  const db = writableTestDatabase()
  try {
    return (db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number }).id
  } finally {
    db.close()
  }
}

test('a thread opens at its newest message (or the first unread), the composer under it, and a reply stays in view', async ({
  page: client,
  browser,
}, testInfo) => {
  test.slow()
  const practitioner = await newPractitioner(browser, testInfo)
  const p = practitioner.page
  const { email } = await signUpClient(client, testInfo)
  writeReadHistory(userId(email), practitioner.id, 12)
  const conversation = p.getByRole('list', { name: 'Conversations' }).getByRole('link', { name: /Morgan Member/ })
  const composer = p.getByRole('form', { name: 'Write to Morgan Member' })

  // Opened, it shows its newest message with the composer under it; the oldest is scrolled away.
  await p.goto('/practitioner/inbox')
  await conversation.click()
  await expect(p).toHaveURL(/\/practitioner\/inbox\?with=\d+#latest$/)
  await expect(message(p, 'Note 12')).toBeInViewport()
  await expect(message(p, 'Note 1')).not.toBeInViewport()
  await expect(composer.getByRole('button', { name: 'Send' })).toBeInViewport()
  await expect(composer.getByLabel('Subject')).toHaveValue('Re: Note 12')

  // On a phone too, where the thread comes after the list of conversations.
  const thread = p.url()
  await p.setViewportSize({ width: 390, height: 844 })
  await p.goto('/practitioner/dashboard')
  await p.goto(thread)
  await expect(message(p, 'Note 12')).toBeInViewport()
  await expect(composer.getByRole('button', { name: 'Send' })).toBeInViewport()
  await p.setViewportSize({ width: 1280, height: 720 })

  // New messages: the conversation opens at the first of them, the older ones above it.
  for (const n of [1, 2, 3, 4]) {
    const sent = await client.request.post('/api/messages', {
      data: { recipientId: practitioner.id, subject: `Unread ${n}`, content: LONG_TEXT },
    })
    expect(sent.status()).toBe(201)
  }
  await p.goto('/practitioner/inbox')
  await expect(conversation).toContainText('4 unread')
  await conversation.click()
  await expect(message(p, 'Unread 1')).toBeInViewport()
  await expect(message(p, 'Unread 1')).toContainText('New')
  await expect(message(p, 'Note 12')).not.toBeInViewport()

  // A reply from the composer: the page comes back (or stays) with it and the composer in view.
  await composer.getByLabel('Message').fill('So glad the wind-down helped. Keep the lights low after nine.')
  await composer.getByRole('button', { name: 'Send' }).click()
  await expectToast(p, 'Reply sent!', 'Your message has been sent successfully.')
  await expect(p).toHaveURL(/#latest$/)
  await expect(message(p, 'Keep the lights low')).toBeInViewport()
  await expect(message(p, 'Keep the lights low')).toContainText('You')
  await expect(message(p, 'Unread 1')).not.toBeInViewport()
  await expect(composer.getByLabel('Message')).toHaveValue('')
  await expect(composer.getByLabel('Subject')).toHaveValue('Re: Unread 4')
  await expect(composer.getByRole('button', { name: 'Send' })).toBeInViewport()
  await practitioner.context.close()
})

test('a client past the hour’s limit of messages reads why, under “Failed to send message”', async ({
  page: client,
  browser,
}, testInfo) => {
  test.slow()
  const practitioner = await newPractitioner(browser, testInfo)
  await signUpClient(client, testInfo)
  // The hour's allowance (raised for these tests, docs/configuration.md: RATE_LIMIT_FACTOR), used up through the API.
  const send = () =>
    client.request.post('/api/messages', {
      data: { recipientId: practitioner.id, subject: 'Another question', content: LONG_TEXT },
    })
  let refused = false
  for (let batch = 0; batch < 100 && !refused; batch++) {
    const statuses = await Promise.all(Array.from({ length: 10 }, async () => (await send()).status()))
    expect(statuses.every((status) => status === 201 || status === 429)).toBe(true)
    refused = statuses.includes(429)
  }
  expect(refused).toBe(true)

  await client.goto(`/practitioners/${practitioner.id}`)
  await client.getByLabel('Subject').fill('One more')
  await client.getByLabel('Message').fill('Could we also talk about naps during the day?')
  await client.getByRole('button', { name: 'Send Message' }).click()
  await expectToast(client, 'Failed to send message', 'Too many attempts. Please wait a few minutes and try again.')
  // What was typed is still there, to send later.
  await expect(client.getByLabel('Message')).toHaveValue('Could we also talk about naps during the day?')
  await practitioner.context.close()
})
