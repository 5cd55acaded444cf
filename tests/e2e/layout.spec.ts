import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { signInAs } from './sessions'
import { DEMO } from './support'

/**
 * Every screen of the app, on a phone (390 × 844) with JavaScript on and off: none scrolls
 * sideways. Then, with JavaScript on, axe finds no accessibility violation on any of them.
 * Each area is visited as the demo account it belongs to; the ids in the addresses are those of
 * real records, read from the pages that link to them.
 */

const PHONE = { width: 390, height: 844 }

type Area = 'public' | 'client' | 'practitioner' | 'admin'

/** The first link on `path` whose address matches `pattern`, as a path. */
async function firstLink(page: Page, path: string, pattern: RegExp) {
  await page.goto(path)
  const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))
  const href = hrefs.find((h) => pattern.test(h))
  if (!href) throw new Error(`No link matching ${pattern} on ${path}`)
  return href
}

async function publicScreens(page: Page) {
  const service = await firstLink(page, '/services', /^\/services\/\d+$/)
  const details = await firstLink(page, '/services', /^\/service-details\/\d+$/)
  const practitioner = await firstLink(page, '/practitioners', /^\/practitioners\/\d+$/)
  return [
    '/',
    '/services',
    service,
    details,
    '/practitioners',
    practitioner,
    '/about',
    '/contact',
    '/launching-soon',
    '/login',
    '/signup',
    '/forgot-password',
    '/privacy',
    '/terms',
    '/no-such-page',
  ]
}

async function clientScreens(page: Page) {
  await signInAs(page, DEMO.client)
  await expect(page).toHaveURL(/\/client-dashboard$/)
  // A seeded session's confirmation page, from its card's Details link.
  const booking = await firstLink(page, '/client-dashboard', /^\/bookings\/\d+$/)
  // And the Reschedule page of one that can still be moved.
  const reschedule = await firstLink(page, '/client-dashboard', /^\/bookings\/\d+\/reschedule$/)
  // The session's room page (before its window: the session and a countdown).
  const room = booking.replace('/bookings/', '/sessions/')
  // And a seeded session's intake form (the demo practitioner asks one before Restorative Yin).
  const intake = await firstLink(page, '/client-dashboard', /^\/bookings\/\d+\/intake$/)
  return [
    '/client-dashboard',
    booking,
    reschedule,
    room,
    intake,
    '/client-inbox',
    // Receipts, with the seeded payments' and refunds' receipts.
    '/receipts',
    // The client's waitlists (none yet: the empty list and what to do).
    '/waitlists',
    '/customer-settings',
    // Security settings, with two-factor sign-in off: the demo client has none.
    '/account/security',
  ]
}

/**
 * The demo practitioner's pages, with a patient of their own (the seed has none) whose chart
 * holds a note with a long unbroken word, so each of the chart's tabs has something to show.
 */
async function practitionerScreens(page: Page) {
  await signInAs(page, DEMO.practitioner)
  await expect(page).toHaveURL(/\/practitioner\/dashboard$/)
  const created = await page.request.post('/api/patient-profiles', {
    data: { firstName: 'Layout', lastName: 'Patient', email: 'layout.patient@example.com', allergies: 'Pollen' },
  })
  expect(created.status()).toBe(201)
  const { id } = (await created.json()) as { id: number }
  const note = await page.request.post(`/api/patient-profiles/${id}/notes`, {
    data: { title: 'Intake', content: `Reference ${'x'.repeat(80)} from the referral letter.` },
  })
  expect(note.status()).toBe(201)
  await page.goto(`/practitioner/patient-charting?patient=${id}`)
  const tabs = await page
    .getByRole('navigation', { name: 'Patient record' })
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))
  expect(tabs.length).toBeGreaterThan(1)
  const reschedule = await firstLink(page, '/practitioner/dashboard', /^\/practitioner\/bookings\/\d+\/reschedule$/)
  const intakeForm = await firstLink(page, '/practitioner/intake-forms', /^\/practitioner\/intake-forms\/\d+$/)
  return [
    '/practitioner/dashboard',
    reschedule,
    '/practitioner/calendar',
    '/practitioner/calendar/hours',
    '/practitioner/services',
    '/practitioner/services/packages',
    '/practitioner/waitlists',
    '/practitioner/profile',
    '/practitioner/earnings',
    '/practitioner/patient-charting',
    ...tabs,
    '/practitioner/inbox',
    '/practitioner/intake-forms',
    '/practitioner/intake-forms/new',
    // A form's builder, and its preview as the client sees it.
    intakeForm,
    `${intakeForm}?preview=1`,
    '/practitioner/settings',
    // Setting up an authenticator app: its QR code and the key typed in instead.
    '/account/security/two-factor',
  ]
}

async function adminScreens(page: Page) {
  await signInAs(page, DEMO.admin)
  const tabs = await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))
  expect(tabs.length).toBeGreaterThan(1)
  // Their security page, with two-factor sign-in on (the admin area asks for it).
  return ['/admin/dashboard', ...tabs, '/account/security']
}

const AREAS: Record<Area, (page: Page) => Promise<string[]>> = {
  public: publicScreens,
  client: clientScreens,
  practitioner: practitionerScreens,
  admin: adminScreens,
}

/**
 * Null when the page does not scroll sideways; otherwise what sticks out past the right edge:
 * the widest such element and the innermost ones (those with no child sticking out), each
 * named by tag, id, classes and the start of its text. Elements inside a box that clips or
 * scrolls its own overflow do not count: they do not widen the page.
 */
function sidewaysOverflow(page: Page) {
  return page.evaluate(() => {
    const limit = window.innerWidth
    const width = document.documentElement.scrollWidth
    if (width <= limit) return null
    // A box that clips or scrolls its overflow holds in what it contains, except an absolutely
    // positioned element whose containing block lies outside it (the sr-only text of a table
    // header in a scroller that is not `relative`, say): that one escapes and widens the page.
    const clipped = (el: Element) => {
      let position = getComputedStyle(el).position
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        if (position === 'fixed') return false
        const style = getComputedStyle(p)
        const containingBlock = position !== 'absolute' || style.position !== 'static'
        if (containingBlock && style.overflowX !== 'visible') return true
        if (containingBlock) position = style.position
      }
      return false
    }
    const sticksOut = (el: Element) => el.getBoundingClientRect().right > limit + 0.5 && !clipped(el)
    const offenders = [...document.body.querySelectorAll('*')].filter(sticksOut)
    const name = (el: Element) => {
      const box = el.getBoundingClientRect()
      const id = el.id ? `#${el.id}` : ''
      const classes =
        typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : ''
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)
      return `<${el.tagName.toLowerCase()}${id}${classes}> ${Math.round(box.width)}px wide, right edge at ${Math.round(box.right)}px${text ? ` "${text}"` : ''}`
    }
    const widest = [...offenders].sort((a, b) => b.getBoundingClientRect().width - a.getBoundingClientRect().width)[0]
    const innermost = offenders.filter((el) => ![...el.children].some(sticksOut)).slice(0, 3)
    return [
      `the page is ${width}px wide in a ${limit}px viewport`,
      widest ? `widest offender: ${name(widest)}` : 'no element found past the edge',
      ...innermost.map((el) => `innermost offender: ${name(el)}`),
    ].join('\n  ')
  })
}

/**
 * What a phone would not show even though the page does not scroll sideways: content held in
 * a box that scrolls or clips it sideways (tabs or a table's columns out of sight), and a
 * button whose label does not fit inside it (a wrapped label spilling out). Each named by tag,
 * classes and the start of its text.
 */
function hiddenOnAPhone(page: Page) {
  return page.evaluate(() => {
    const name = (el: Element) =>
      `<${el.tagName.toLowerCase()}.${String(el.getAttribute('class') ?? '')
        .trim()
        .split(/\s+/)
        .slice(0, 4)
        .join('.')}> "${(el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)}"`
    // Text for screen readers alone (`sr-only`, the skip link until focused) is clipped on purpose.
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect()
      return box.width > 0 && box.height > 0 && !el.closest('.sr-only')
    }
    const scrollers = [...document.body.querySelectorAll('*')].filter((el) => {
      const overflow = getComputedStyle(el).overflowX
      return (overflow === 'auto' || overflow === 'scroll') && visible(el) && el.scrollWidth > el.clientWidth + 1
    })
    const spilling = [...document.body.querySelectorAll('button, a[class*="rounded-md"]')].filter(
      (el) => visible(el) && el.scrollHeight > el.clientHeight + 1,
    )
    return [
      ...scrollers.map((el) => `content out of sight in a sideways scroller: ${name(el)}`),
      ...spilling.map((el) => `a label spilling out of its button: ${name(el)}`),
    ]
  })
}

/**
 * The families Chromium drew an element's own text with (CDP: the fonts the machine or the page
 * supplied, glyph by glyph), e.g. `['Inter (web font)']`.
 */
async function fontsDrawing(page: Page, selector: string) {
  const cdp = await page.context().newCDPSession(page)
  try {
    await cdp.send('DOM.enable')
    await cdp.send('CSS.enable')
    const { root } = await cdp.send('DOM.getDocument')
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector })
    if (!nodeId) throw new Error(`No ${selector} on ${page.url()}`)
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId })
    return fonts.map((font) => `${font.familyName} (${font.isCustomFont ? 'web font' : 'installed'})`)
  } finally {
    await cdp.detach()
  }
}

/**
 * axe's findings on the page. axe's default run ends in a blank page it opens for every call
 * (to gather what each frame found, cross-origin frames included), which cost about as much as
 * the analysis itself; on a page whose frames are all of its own origin, axe's single-page run
 * (`setLegacyMode`) checks the same frames with the same rules, without that page: the same
 * findings (violations with their elements, passes, incomplete, inapplicable) on the pages
 * compared, in 73 s instead of 124 s for the four areas (decision 046).
 */
function axeOn(page: Page) {
  const origin = new URL(page.url()).origin
  const foreignFrame = page
    .frames()
    .some((frame) => /^https?:/.test(frame.url()) && new URL(frame.url()).origin !== origin)
  return new AxeBuilder({ page }).setLegacyMode(!foreignFrame).analyze()
}

// What the tests measure (widths, wrapping, what fits a phone) must not depend on the fonts a
// machine happens to have: pages draw their text with the font the app serves (decision 031).
test('pages draw their text in the font the app serves, not one the machine has', async ({ page }) => {
  for (const [path, selectors] of [
    ['/', ['h1', 'main p', 'header a']],
    ['/login', ['h1', 'label', 'button[type="submit"]']],
  ] as const) {
    await page.goto(path)
    for (const selector of selectors) {
      expect(await fontsDrawing(page, selector), `${selector} on ${path}`).toEqual(['Inter (web font)'])
    }
  }
})

for (const [area, screens] of Object.entries(AREAS)) {
  test.describe(`${area} pages`, () => {
    test('fit a phone: none scrolls sideways', async ({ page }) => {
      test.setTimeout(120_000)
      await page.setViewportSize(PHONE)
      for (const path of await screens(page)) {
        await page.goto(path)
        expect.soft(await sidewaysOverflow(page), `${path} scrolls sideways`).toBeNull()
        expect.soft(await hiddenOnAPhone(page), `${path} hides content on a phone`).toEqual([])
      }
    })

    test('have no accessibility violations', async ({ page }, testInfo) => {
      test.skip(testInfo.project.name !== 'js', 'axe runs in the browser, with JavaScript on')
      test.setTimeout(120_000)
      for (const path of await screens(page)) {
        await page.goto(path)
        const { violations } = await axeOn(page)
        const found = violations.map(
          (v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`,
        )
        expect.soft(found, `axe on ${path}`).toEqual([])
      }
    })
  })
}
