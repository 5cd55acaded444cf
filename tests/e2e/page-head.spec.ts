import { expect, test, type APIRequestContext } from '@playwright/test'
import { typeUntilValidationLoads } from './support'

/** The public pages Lighthouse audits (npm run bench:lighthouse), with a listed service and practitioner. */
async function publicPages(request: APIRequestContext) {
  const [service] = (await (await request.get('/api/services')).json()) as { id: number }[]
  const [practitioner] = (await (await request.get('/api/practitioners')).json()) as { id: number }[]
  return [
    '/',
    '/services',
    `/services/${service!.id}`,
    `/service-details/${service!.id}`,
    '/practitioners',
    `/practitioners/${practitioner!.id}`,
    '/login',
    '/signup',
    '/contact',
    '/about',
  ]
}

test('every public page tells search engines what it is about', async ({ page, request }) => {
  for (const path of await publicPages(request)) {
    await page.goto(path)
    await expect(page, path).toHaveTitle(/Solace/)
    const description = page.locator('meta[name="description"]')
    await expect(description, path).toHaveCount(1)
    await expect(description, path).toHaveAttribute('content', /\w{3,}/)
  }
})

test('the public pages hydrate without an error or breaking the content security policy', async ({
  page,
  request,
}, testInfo) => {
  test.slow()
  test.skip(testInfo.project.name === 'no-js', 'without JavaScript no script can break it')
  // Hydration that does not find the server's markup is an error React reports (then renders
  // the page again in the browser): the server's links are made by our own Link (decision 028).
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(`${page.url()} ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()} ${message.text()}`)
  })
  // Forms load zod, whose eval probe the CSP refuses (app/root.tsx sets zod to jitless mode).
  await page.addInitScript(() => {
    const seen: string[] = []
    Object.assign(window, { cspViolations: seen })
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`),
    )
  })
  const violations = () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)
  for (const path of await publicPages(request)) {
    await page.goto(path)
    await page.waitForLoadState('networkidle')
    expect(await violations(), path).toEqual([])
    expect(errors, path).toEqual([])
  }
  // A public form loads zod once someone types (decision 029).
  await page.goto('/login')
  await typeUntilValidationLoads(page, page.getByLabel('Email'), 'a')
  expect(await violations(), '/login, typed into').toEqual([])
  expect(errors).toEqual([])
})
