import { createHash, randomBytes } from 'node:crypto'

/**
 * The single-use tokens emailed links carry (a password reset, an email change). The link holds
 * the token; the database holds only its hash, so a copy of the table opens no account.
 */
export function newLinkToken() {
  const token = randomBytes(32).toString('base64url')
  return { token, hash: hashLinkToken(token) }
}

/** What the database holds for a token, to look a link's token up by. */
export function hashLinkToken(token: string) {
  return createHash('sha256').update(token).digest('hex')
}

/** Text for an email's HTML part: what a person typed is shown, never read as markup. */
export function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}
