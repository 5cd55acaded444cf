import { expect, test } from '@playwright/test'

test('the header marks the current page', async ({ page }) => {
  await page.goto('/about')
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page')
  await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page')
})

test('the first Tab offers a skip to the page content, past the header', async ({ page }) => {
  await page.goto('/about')
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Skip to content' })
  await expect(skip).toBeFocused()
  await expect(skip).toBeVisible()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/#main$/)
  await expect(page.locator('main#main')).toBeVisible()
})

test.describe('on a small screen', () => {
  test.use({ viewport: { width: 390, height: 800 } })

  test('the links fold into a menu that opens and navigates', async ({ page }) => {
    await page.goto('/')
    const mobileNav = page.getByRole('navigation', { name: 'Mobile' })
    await expect(mobileNav).toBeHidden()
    await page.getByText('Menu', { exact: true }).click()
    await expect(mobileNav).toBeVisible()
    await mobileNav.getByRole('link', { name: 'Contact' }).click()
    await expect(page).toHaveURL(/\/contact$/)
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden()
  })
})
