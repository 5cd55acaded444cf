import { getEnv } from '~/env.server'

/**
 * The site's public origin for links that leave the page (emails, payment returns).
 * APP_URL when set (required in production, so a forged Host header cannot steer a
 * password-reset link), else the request's own origin.
 */
export function appOrigin(request: Request) {
  return getEnv().APP_URL?.replace(/\/$/, '') ?? new URL(request.url).origin
}

/**
 * The origin for links made without a request (the background jobs' emails): APP_URL, which
 * production requires, else this machine on its port (local runs and tests).
 */
export function configuredOrigin() {
  const { APP_URL, PORT } = getEnv()
  return APP_URL?.replace(/\/$/, '') ?? `http://localhost:${PORT}`
}
