import { buttonClass } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Link } from '~/components/ui/link'
import { SECURITY_INTENTS, TWO_FACTOR_SETUP_PATH } from '~/models/security/security'
import { CodeForm } from './code-form'
import { RecoveryCodes } from './recovery-codes'
import type { SubmissionResult } from '@conform-to/react'

/**
 * The authenticator app on the security page: set it up, or (with a current code) make new
 * recovery codes or turn it off. New codes are shown once, in the answer to the form.
 */
export function TwoFactorCard({
  on,
  recoveryCodesLeft,
  newCodes,
  resultFor,
}: {
  on: boolean
  recoveryCodesLeft: number
  newCodes: string[] | null
  resultFor: (intent: string) => SubmissionResult<string[]> | undefined
}) {
  return (
    <Card role="region" aria-labelledby="two-factor-title">
      <CardHeader>
        <CardTitle id="two-factor-title">Two-factor sign-in</CardTitle>
        <CardDescription>
          {on
            ? `On: signing in with your password also asks for a code from your authenticator app. ${recoveryCodesLeft} of 10 recovery codes left.`
            : 'Off: your password alone signs you in. Add a code from an authenticator app (1Password, Google Authenticator, Authy...) to every sign-in.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {newCodes ? <RecoveryCodes codes={newCodes} /> : null}
        {on ? (
          <div className="grid gap-6 md:grid-cols-2">
            <CodeAction
              intent={SECURITY_INTENTS.newRecoveryCodes}
              title="New recovery codes"
              note="Replaces the old ones, used or not."
              submitText="Make new recovery codes"
              pendingText="Making..."
              resultFor={resultFor}
            />
            <CodeAction
              intent={SECURITY_INTENTS.disableTwoFactor}
              title="Turn off"
              note="Your password alone will sign you in again."
              submitText="Turn off two-factor sign-in"
              pendingText="Turning off..."
              resultFor={resultFor}
            />
          </div>
        ) : (
          <Link to={TWO_FACTOR_SETUP_PATH} className={buttonClass()}>
            Set up an authenticator app
          </Link>
        )}
      </CardContent>
    </Card>
  )
}

/** A change that takes a current code: its heading, what it does, and the code form. */
function CodeAction({
  intent,
  title,
  note,
  submitText,
  pendingText,
  resultFor,
}: {
  intent: string
  title: string
  note: string
  submitText: string
  pendingText: string
  resultFor: (intent: string) => SubmissionResult<string[]> | undefined
}) {
  return (
    <section aria-labelledby={`${intent}-title`} className="space-y-2">
      <h3 id={`${intent}-title`} className="font-medium">
        {title}
      </h3>
      <p className="text-sm text-muted-foreground">{note}</p>
      <CodeForm
        id={`${intent}-form`}
        lastResult={resultFor(intent)}
        hidden={{ intent }}
        label="Current code"
        submitText={submitText}
        pendingText={pendingText}
      />
    </section>
  )
}
