import { useTranslation } from 'react-i18next'
import { buttonClass } from '~/components/ui/button'
import { Link } from '~/components/ui/link'

/**
 * Join Session: the session's video room (`/sessions/:id`), or the practitioner's own meeting
 * link when their service holds sessions there (opened in a new tab).
 */
export function JoinSessionLink({ href, label }: { href: string; label?: string }) {
  const { t } = useTranslation('booking')
  const className = buttonClass({ size: 'sm' })
  return href.startsWith('/') ? (
    <Link to={href} className={className} aria-label={label}>
      {t('join.label')}
    </Link>
  ) : (
    <a href={href} target="_blank" rel="noreferrer" className={className} aria-label={label}>
      {t('join.label')}
    </a>
  )
}
