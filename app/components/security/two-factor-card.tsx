import { useTranslation } from 'react-i18next'
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
  const { t } = useTranslation('account')
  return (
    <Card role="region" aria-labelledby="two-factor-title">
      <CardHeader>
        <CardTitle id="two-factor-title">{t('twoFactor.cardTitle')}</CardTitle>
        <CardDescription>
          {on ? t('twoFactor.cardOn', { count: recoveryCodesLeft, total: 10 }) : t('twoFactor.cardOff')}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {newCodes ? <RecoveryCodes codes={newCodes} /> : null}
        {on ? (
          <div className="grid gap-6 md:grid-cols-2">
            <CodeAction
              intent={SECURITY_INTENTS.newRecoveryCodes}
              title={t('twoFactor.newCodesTitle')}
              note={t('twoFactor.newCodesNote')}
              submitText={t('twoFactor.newCodesSubmit')}
              pendingText={t('twoFactor.newCodesSubmitting')}
              resultFor={resultFor}
            />
            <CodeAction
              intent={SECURITY_INTENTS.disableTwoFactor}
              title={t('twoFactor.turnOffTitle')}
              note={t('twoFactor.turnOffNote')}
              submitText={t('twoFactor.turnOffSubmit')}
              pendingText={t('twoFactor.turnOffSubmitting')}
              resultFor={resultFor}
            />
          </div>
        ) : (
          <Link to={TWO_FACTOR_SETUP_PATH} className={buttonClass()}>
            {t('twoFactor.setUpApp')}
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
  const { t } = useTranslation('account')
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
        label={t('twoFactor.currentCode')}
        submitText={submitText}
        pendingText={pendingText}
      />
    </section>
  )
}
