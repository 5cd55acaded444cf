import { useTranslation } from 'react-i18next'
import { ButtonLink } from '~/components/ui/button'
import { CheckIcon } from './check-icon'

/** Shown in place of both lead forms once a lead is stored (`?joined=1`). */
export function LeadThankYou() {
  const { t } = useTranslation('marketplace')
  return (
    <div role="status" className="py-6 text-center">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-success-soft text-success">
        <CheckIcon className="size-7" />
      </span>
      <h2 className="mt-4 text-2xl font-semibold tracking-tight">{t('lead.thanks.title')}</h2>
      <p className="mt-2 text-muted-foreground">{t('lead.thanks.text')}</p>
      <p className="mt-4 text-sm text-muted-foreground">{t('lead.thanks.reserved')}</p>
      <ButtonLink to="/" variant="outline" className="mt-6">
        {t('lead.thanks.back')}
      </ButtonLink>
    </div>
  )
}
