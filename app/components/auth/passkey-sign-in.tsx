import { useState } from 'react'
import { Button } from '~/components/ui/button'
import { useHydrated } from '~/components/use-hydrated'
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser'

/** The resource route that checks passkey sign-ins (app/routes/login.passkey.ts). */
const PASSKEY_SIGN_IN_PATH = '/login/passkey'
const SIGN_IN_FAILED = 'The passkey sign-in did not work. Please try again, or log in with your password.'

/** A JSON post to the route; a refusal throws its `{ message }`. */
async function post<T>(body: unknown): Promise<T> {
  const response = await fetch(PASSKEY_SIGN_IN_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  })
  const answer = (await response.json().catch(() => ({}))) as { message?: unknown }
  if (!response.ok) throw new Error(typeof answer.message === 'string' ? answer.message : SIGN_IN_FAILED)
  return answer as T
}

/** What to say when the browser's part ends without a passkey (cancelled, timed out, none here). */
function browserMessage(error: unknown) {
  const name = error instanceof Error ? error.name : ''
  if (name === 'NotAllowedError' || name === 'AbortError') {
    return 'The passkey sign-in was cancelled or timed out. Try again, or log in with your password.'
  }
  // Other failures' texts are written for developers, not for the person signing in.
  return SIGN_IN_FAILED
}

/**
 * "Sign in with a passkey" on the login page (decision 042): with no email or password typed,
 * the browser offers the passkeys it holds for this site. It needs JavaScript and WebAuthn, so
 * it renders nothing before hydration or where WebAuthn is missing, and the password form stays
 * the way in. @simplewebauthn/browser is imported on the click, so the page's first load does
 * not carry it.
 */
export function PasskeySignIn({ redirectTo }: { redirectTo?: string }) {
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
        throw new Error(browserMessage(browserError))
      })
      const answer = await post<{ redirectTo?: string }>({
        intent: 'verify',
        response,
        redirectTo: redirectTo || undefined,
      })
      // A whole page load: the new session's cookie reaches every part of the page at once.
      window.location.assign(answer.redirectTo ?? '/')
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : SIGN_IN_FAILED)
      setBusy(false)
    }
  }

  return (
    <div className="space-y-3">
      <Button variant="outline" className="w-full" disabled={busy} aria-disabled={busy} onClick={() => void signIn()}>
        {busy ? 'Waiting for your passkey...' : 'Sign in with a passkey'}
      </Button>
      {error ? (
        <div role="alert" className="rounded-md border border-destructive/30 bg-destructive-soft p-3 text-sm">
          {error}
        </div>
      ) : null}
    </div>
  )
}
