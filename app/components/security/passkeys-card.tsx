import { Form, useRevalidator } from '@remix-run/react'
import { useState } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { SubmitButton, useIsSubmittingIntent } from '~/components/form-shell'
import { useFormats } from '~/components/i18n/use-formats'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Input, Label } from '~/components/ui/input'
import { useHydrated } from '~/components/use-hydrated'
import type { PasskeyListing } from '~/models/security/passkeys.server'
import { PASSKEY_NAME_MAX } from '~/models/security/security'
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser'

/** The resource route behind the card (app/routes/account.security.passkeys.ts). */
const PASSKEYS_PATH = '/account/security/passkeys'

/** A failure the card words itself (the route's refusals come already in the page's language). */
class Failure extends Error {}

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
  throw answer.message ? new Error(answer.message) : new Failure('notAdded')
}

/** Why the browser's part ended without a new passkey: a key of the card's texts. */
function browserFailure(error: unknown) {
  const { name, code } = (error ?? {}) as { name?: string; code?: string }
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError') {
    return new Failure('alreadyOnDevice')
  }
  if (name === 'NotAllowedError' || name === 'AbortError') return new Failure('cancelled')
  return new Failure('notAdded')
}

const FAILURES = {
  alreadyOnDevice: 'passkeys.alreadyOnDevice',
  cancelled: 'passkeys.addCancelled',
  notAdded: 'passkeys.notAdded',
} as const

/**
 * With JavaScript and WebAuthn: asks the route for options, lets the browser make the passkey
 * (@simplewebauthn/browser, imported on the click so the page's first load does not carry it),
 * sends it back, then reloads the page's data so the list shows it.
 */
function AddPasskey() {
  const { t } = useTranslation('account')
  const revalidator = useRevalidator()
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<{ added?: string; error?: string }>({})
  if (typeof window.PublicKeyCredential !== 'function') {
    return <p className="text-sm text-muted-foreground">{t('passkeys.unsupported')}</p>
  }

  async function add() {
    setBusy(true)
    setOutcome({})
    try {
      const optionsJSON = await post<PublicKeyCredentialCreationOptionsJSON>({ intent: 'registration-options' })
      if (!optionsJSON) return
      const { startRegistration } = await import('@simplewebauthn/browser')
      const response = await startRegistration({ optionsJSON }).catch((browserError: unknown) => {
        throw browserFailure(browserError)
      })
      const answer = await post<{ passkey: { name: string } }>({ intent: 'register', response })
      if (!answer) return
      setOutcome({ added: answer.passkey.name })
      revalidator.revalidate()
    } catch (failure) {
      const known = failure instanceof Failure ? FAILURES[failure.message as keyof typeof FAILURES] : undefined
      setOutcome({
        error: known
          ? t(known)
          : failure instanceof Error && failure.message
            ? failure.message
            : t('passkeys.notAdded'),
      })
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="space-y-3">
      <Button disabled={busy} aria-disabled={busy} onClick={() => void add()}>
        {busy ? t('passkeys.waiting') : t('passkeys.add')}
      </Button>
      <div role="status" className="text-sm">
        {outcome.added ? t('passkeys.addedAs', { name: outcome.added }) : null}
      </div>
      {outcome.error ? (
        <div role="alert" className="rounded-md border border-destructive/30 bg-destructive-soft p-3 text-sm">
          {outcome.error}
        </div>
      ) : null}
    </div>
  )
}

/** One passkey: its dates, a rename form and a remove form, both plain posts that work without JavaScript. */
function PasskeyItem({ passkey, index, timeZone }: { passkey: PasskeyListing; index: number; timeZone: string }) {
  const { t } = useTranslation('account')
  const formats = useFormats()
  /** 'Nov 21, 2026, 9:30 AM' in the viewer's zone and the page's language. */
  const when = (iso: string) =>
    t('security.when', { date: formats.date(iso, timeZone), time: formats.time(iso, timeZone) })
  const renaming = useIsSubmittingIntent('rename')
  const removing = useIsSubmittingIntent('remove')
  const fieldId = `passkey-name-${index}`
  return (
    <li className="space-y-3 rounded-md border border-border p-4">
      <div>
        <p className="font-medium break-words">{passkey.name}</p>
        <p className="text-sm text-muted-foreground">
          <Trans
            t={t}
            i18nKey="passkeys.addedOn"
            values={{ when: when(passkey.createdAt) }}
            components={{ time: <time dateTime={passkey.createdAt} /> }}
          />
          {' · '}
          {passkey.lastUsedAt ? (
            <Trans
              t={t}
              i18nKey="passkeys.lastUsed"
              values={{ when: when(passkey.lastUsedAt) }}
              components={{ time: <time dateTime={passkey.lastUsedAt} /> }}
            />
          ) : (
            t('passkeys.neverUsed')
          )}
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <Form method="post" action={PASSKEYS_PATH} className="flex flex-wrap items-end gap-2" preventScrollReset>
          <input type="hidden" name="intent" value="rename" />
          <input type="hidden" name="passkeyId" value={passkey.id} />
          <div className="space-y-1.5">
            <Label htmlFor={fieldId}>{t('passkeys.name')}</Label>
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
          <SubmitButton variant="outline" size="sm" pending={renaming} pendingText={t('passkeys.saving')}>
            {t('passkeys.rename')}
          </SubmitButton>
        </Form>
        <Form method="post" action={PASSKEYS_PATH} preventScrollReset>
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="passkeyId" value={passkey.id} />
          <SubmitButton variant="outline" size="sm" pending={removing} pendingText={t('passkeys.removing')}>
            {t('passkeys.remove')}
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
  const { t } = useTranslation('account')
  const hydrated = useHydrated()
  return (
    <Card role="region" aria-labelledby="passkeys-title">
      <CardHeader>
        <CardTitle id="passkeys-title">{t('passkeys.title')}</CardTitle>
        <CardDescription>{t('passkeys.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {passkeys.length ? (
          <ul className="space-y-3" aria-label={t('passkeys.listLabel')}>
            {passkeys.map((passkey, index) => (
              <PasskeyItem key={passkey.id} passkey={passkey} index={index} timeZone={timeZone} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{t('passkeys.none')}</p>
        )}
        {hydrated ? (
          <AddPasskey />
        ) : (
          // Not <noscript>: a browser with scripts turned off still parses it as if they ran.
          <p className="text-sm text-muted-foreground">{t('passkeys.needsJavaScript')}</p>
        )}
      </CardContent>
    </Card>
  )
}
