import { buttonClass } from '~/components/ui/button'
import { Link } from '~/components/ui/link'

/**
 * Join Session: the session's video room (`/sessions/:id`), or the practitioner's own meeting
 * link when their service holds sessions there (opened in a new tab).
 */
export function JoinSessionLink({ href, label }: { href: string; label?: string }) {
  const className = buttonClass({ size: 'sm' })
  return href.startsWith('/') ? (
    <Link to={href} className={className} aria-label={label}>
      Join Session
    </Link>
  ) : (
    <a href={href} target="_blank" rel="noreferrer" className={className} aria-label={label}>
      Join Session
    </a>
  )
}
