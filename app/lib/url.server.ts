import { getEnv } from '~/env.server'

/**
 * The site's public origin for links that leave the page (emails, payment returns).
 * APP_URL when set (required in production, so a forged Host header cannot steer a
 * password-reset link), else the request's own origin.
 */
export function appOrigin(request: Request) {
  return getEnv().APP_URL?.replace(/\/$/, '') ?? new URL(request.url).origin
}
