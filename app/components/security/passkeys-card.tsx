import { Form, useRevalidator } from '@remix-run/react'
import { useState } from 'react'
import { SubmitButton, useIsSubmittingIntent } from '~/components/form-shell'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Input, Label } from '~/components/ui/input'
import { useHydrated } from '~/components/use-hydrated'
import { formatDate, formatTime } from '~/lib/dates'
import type { PasskeyListing } from '~/models/security/passkeys.server'
import { PASSKEY_NAME_MAX } from '~/models/security/security'
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser'

/** The resource route behind the card (app/routes/account.security.passkeys.ts). */
const PASSKEYS_PATH = '/account/security/passkeys'
const NOT_ADDED = 'The passkey could not be added. Please try again.'

type Refusal = { message?: string; verificationRequired?: boolean; redirectTo?: string }

/** A JSON post to the route; a refusal throws its message, or sends the person to verify first. */
async function post<T>(body: unknown): Promise<T | null> {
  const response = await fetch(PASSKEYS_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  })
  const answer = (await response.json().catch(() => ({}))) as Refusal
  if (response.ok) return answer as T
  if (answer.verificationRequired && answer.redirectTo) {
    window.location.assign(answer.redirectTo)
    return null
  }
  throw new Error(answer.message ?? NOT_ADDED)
}

/** What to say when the browser's part ends without a new passkey. */
function browserMessage(error: unknown) {
  const { name, code } = (error ?? {}) as { name?: string; code?: string }
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError') {
    return 'This device already holds a passkey for your account.'
  }
  if (name === 'NotAllowedError' || name === 'AbortError') return 'Adding the passkey was cancelled or timed out.'
  return NOT_ADDED
}

/**
 * With JavaScript and WebAuthn: asks the route for options, lets the browser make the passkey
 * (@simplewebauthn/browser, imported on the click so the page's first load does not carry it),
 * sends it back, then reloads the page's data so the list shows it.
 */
function AddPasskey() {
  const revalidator = useRevalidator()
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<{ added?: string; error?: string }>({})
  if (typeof window.PublicKeyCredential !== 'function') {
    return (
      <p className="text-sm text-muted-foreground">This browser cannot make passkeys. Try another browser or device.</p>
    )
  }

  async function add() {
    setBusy(true)
    setOutcome({})
    try {
      const optionsJSON = await post<PublicKeyCredentialCreationOptionsJSON>({ intent: 'registration-options' })
      if (!optionsJSON) return
      const { startRegistration } = await import('@simplewebauthn/browser')
      const response = await startRegistration({ optionsJSON }).catch((browserError: unknown) => {
        throw new Error(browserMessage(browserError))
      })
      const answer = await post<{ passkey: { name: string } }>({ intent: 'register', response })
      if (!answer) return
      setOutcome({ added: answer.passkey.name })
      revalidator.revalidate()
    } catch (failure) {
      setOutcome({ error: failure instanceof Error && failure.message ? failure.message : NOT_ADDED })
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="space-y-3">
      <Button disabled={busy} aria-disabled={busy} onClick={() => void add()}>
        {busy ? 'Waiting for your device...' : 'Add a passkey'}
      </Button>
      <div role="status" className="text-sm">
        {outcome.added ? `Passkey added as “${outcome.added}”. You can rename it below.` : null}
      </div>
      {outcome.error ? (
        <div role="alert" className="rounded-md border border-destructive/30 bg-destructive-soft p-3 text-sm">
          {outcome.error}
        </div>
      ) : null}
    </div>
  )
}

/** 'Nov 21, 2026, 9:30 AM' in the viewer's zone. */
function when(iso: string, timeZone: string) {
  return `${formatDate(iso, timeZone)}, ${formatTime(iso, timeZone)}`
}

/** One passkey: its dates, a rename form and a remove form, both plain posts that work without JavaScript. */
function PasskeyItem({ passkey, index, timeZone }: { passkey: PasskeyListing; index: number; timeZone: string }) {
  const renaming = useIsSubmittingIntent('rename')
  const removing = useIsSubmittingIntent('remove')
  const fieldId = `passkey-name-${index}`
  return (
    <li className="space-y-3 rounded-md border border-border p-4">
      <div>
        <p className="font-medium break-words">{passkey.name}</p>
        <p className="text-sm text-muted-foreground">
          Added <time dateTime={passkey.createdAt}>{when(passkey.createdAt, timeZone)}</time>
          {' · '}
          {passkey.lastUsedAt ? (
            <>
              Last used <time dateTime={passkey.lastUsedAt}>{when(passkey.lastUsedAt, timeZone)}</time>
            </>
          ) : (
            'Never used to sign in'
          )}
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <Form method="post" action={PASSKEYS_PATH} className="flex flex-wrap items-end gap-2" preventScrollReset>
          <input type="hidden" name="intent" value="rename" />
          <input type="hidden" name="passkeyId" value={passkey.id} />
          <div className="space-y-1.5">
            <Label htmlFor={fieldId}>Name</Label>
            <Input
              id={fieldId}
              name="name"
              defaultValue={passkey.name}
              key={passkey.name}
              required
              maxLength={PASSKEY_NAME_MAX}
              className="w-56"
            />
          </div>
          <SubmitButton variant="outline" size="sm" pending={renaming} pendingText="Saving...">
            Rename
          </SubmitButton>
        </Form>
        <Form method="post" action={PASSKEYS_PATH} preventScrollReset>
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="passkeyId" value={passkey.id} />
          <SubmitButton variant="outline" size="sm" pending={removing} pendingText="Removing...">
            Remove
          </SubmitButton>
        </Form>
      </div>
    </li>
  )
}

/**
 * The security page's passkeys (decision 042): each with its name, when it was added and last
 * used, to rename or remove. Adding one needs JavaScript (WebAuthn is a browser API), so the
 * button appears once the page is hydrated; without JavaScript the card says so.
 */
export function PasskeysCard({ passkeys, timeZone }: { passkeys: PasskeyListing[]; timeZone: string }) {
  const hydrated = useHydrated()
  return (
    <Card role="region" aria-labelledby="passkeys-title">
      <CardHeader>
        <CardTitle id="passkeys-title">Passkeys</CardTitle>
        <CardDescription>
          Sign in with your fingerprint, face or device PIN instead of your password. A passkey counts as both steps of
          two-factor sign-in.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {passkeys.length ? (
          <ul className="space-y-3" aria-label="Your passkeys">
            {passkeys.map((passkey, index) => (
              <PasskeyItem key={passkey.id} passkey={passkey} index={index} timeZone={timeZone} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">You have no passkeys yet.</p>
        )}
        {hydrated ? (
          <AddPasskey />
        ) : (
          // Not <noscript>: a browser with scripts turned off still parses it as if they ran.
          <p className="text-sm text-muted-foreground">Adding a passkey needs JavaScript.</p>
        )}
      </CardContent>
    </Card>
  )
}
