import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '~/components/ui/button'
import { useHydrated } from '~/components/use-hydrated'
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser'

/** The resource route that checks passkey sign-ins (app/routes/login.passkey.ts). */
const PASSKEY_SIGN_IN_PATH = '/login/passkey'

/** A failure the page words itself: the route's refusals come already in the page's language. */
class Failure extends Error {}

/** A JSON post to the route; a refusal throws its `{ message }`. */
async function post<T>(body: unknown): Promise<T> {
  const response = await fetch(PASSKEY_SIGN_IN_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  })
  const answer = (await response.json().catch(() => ({}))) as { message?: unknown }
  if (!response.ok) throw typeof answer.message === 'string' ? new Error(answer.message) : new Failure('failed')
  return answer as T
}

/** Why the browser's part ended without a passkey: cancelled or timed out, or anything else. */
function browserFailure(error: unknown) {
  const name = error instanceof Error ? error.name : ''
  // Other failures' texts are written for developers, not for the person signing in.
  return new Failure(name === 'NotAllowedError' || name === 'AbortError' ? 'cancelled' : 'failed')
}

/**
 * "Sign in with a passkey" on the login page (decision 042): with no email or password typed,
 * the browser offers the passkeys it holds for this site. It needs JavaScript and WebAuthn, so
 * it renders nothing before hydration or where WebAuthn is missing, and the password form stays
 * the way in. @simplewebauthn/browser is imported on the click, so the page's first load does
 * not carry it.
 */
export function PasskeySignIn({ redirectTo }: { redirectTo?: string }) {
  const { t } = useTranslation('auth')
  const hydrated = useHydrated()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  if (!hydrated || typeof window.PublicKeyCredential !== 'function') return null

  async function signIn() {
    setBusy(true)
    setError(null)
    try {
      const optionsJSON = await post<PublicKeyCredentialRequestOptionsJSON>({ intent: 'options' })
      const { startAuthentication } = await import('@simplewebauthn/browser')
      const response = await startAuthentication({ optionsJSON }).catch((browserError: unknown) => {
        throw browserFailure(browserError)
      })
      const answer = await post<{ redirectTo?: string }>({
        intent: 'verify',
        response,
        redirectTo: redirectTo || undefined,
      })
      // A whole page load: the new session's cookie reaches every part of the page at once.
      window.location.assign(answer.redirectTo ?? '/')
    } catch (failure) {
      if (failure instanceof Failure)
        setError(t(failure.message === 'cancelled' ? 'passkey.cancelled' : 'passkey.failed'))
      else setError(failure instanceof Error && failure.message ? failure.message : t('passkey.failed'))
      setBusy(false)
    }
  }

  return (
    <div className="space-y-3">
      <Button variant="outline" className="w-full" disabled={busy} aria-disabled={busy} onClick={() => void signIn()}>
        {busy ? t('passkey.waiting') : t('passkey.signIn')}
      </Button>
      {error ? (
        <div role="alert" className="rounded-md border border-destructive/30 bg-destructive-soft p-3 text-sm">
          {error}
        </div>
      ) : null}
    </div>
  )
}
