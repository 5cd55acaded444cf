import { describe, expect, test } from 'vitest'
import { hashPassword, verifyPassword } from './password.server'

describe('password hashing', () => {
  test('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('Solace-demo-2026')
    expect(hash).toMatch(/^scrypt\$\d+\$8\$1\$/)
    expect(hash).not.toContain('Solace-demo-2026')
    await expect(verifyPassword('Solace-demo-2026', hash)).resolves.toBe(true)
    await expect(verifyPassword('solace-demo-2026', hash)).resolves.toBe(false)
  })

  test('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'))
  })

  test('refuses malformed stored values', async () => {
    await expect(verifyPassword('x', 'plain-text')).resolves.toBe(false)
  })
})
