import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { SubmitButton, useIsSubmittingIntent } from '~/components/form-shell'
import { ButtonLink } from '~/components/ui/button'
import { TWO_FACTOR_SETUP_PATH } from '~/models/security/security'

export const DISMISS_TWO_FACTOR_PROMPT_INTENT = 'dismiss-two-factor-prompt'

/**
 * The practitioner dashboard's nudge: their account guards clients' records. Shown until they
 * set up an authenticator app or a passkey, or dismiss it (for good: it is not nagging).
 */
export function TwoFactorPrompt() {
  const { t } = useTranslation('account')
  const dismissing = useIsSubmittingIntent(DISMISS_TWO_FACTOR_PROMPT_INTENT)
  return (
    <section aria-labelledby="two-factor-prompt" className="rounded-lg border border-primary/40 bg-primary/5 p-4">
      <h2 id="two-factor-prompt" className="font-semibold">
        {t('twoFactorPrompt.title')}
      </h2>
      <p className="mt-1 text-sm">{t('twoFactorPrompt.text')}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <ButtonLink to={TWO_FACTOR_SETUP_PATH} size="sm">
          {t('twoFactor.setupTitle')}
        </ButtonLink>
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value={DISMISS_TWO_FACTOR_PROMPT_INTENT} />
          <SubmitButton variant="outline" size="sm" pending={dismissing} pendingText={t('twoFactorPrompt.dismissing')}>
            {t('twoFactorPrompt.dismiss')}
          </SubmitButton>
        </Form>
      </div>
    </section>
  )
}
