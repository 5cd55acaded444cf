import { useTranslation } from 'react-i18next'
import { ButtonLink } from '~/components/ui/button'
import { metaT } from '~/lib/i18n/meta'
import type { MetaFunction } from '@remix-run/node'

/** After deletion the person lands here and goes home after 2 seconds, even without JS. */
export const meta: MetaFunction = ({ matches }) => [
  { title: metaT(matches, 'account')('titles.accountDeleted') },
  { httpEquiv: 'refresh', content: '2;url=/' },
]

export default function AccountDeletedPage() {
  const { t } = useTranslation('account')
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-bold">{t('accountDeleted.title')}</h1>
      <p className="mt-3 text-muted-foreground">{t('accountDeleted.text')}</p>
      <ButtonLink to="/" variant="outline" className="mt-6">
        {t('accountDeleted.home')}
      </ButtonLink>
    </div>
  )
}
