import { useTranslation } from 'react-i18next'
import { HeaderUnreadLink } from '~/components/messaging/unread-badge'
import { ButtonLink } from '~/components/ui/button'
import { dashboardPath } from '~/models/accounts/role'
import { LogoutButton } from './logout-button'

/**
 * The public header's actions for a signed-in person: the unread messages, their dashboard and
 * logging out. A module of its own, loaded only when someone signed in reads a public page
 * (`lazyComponent` in public-header.tsx), so that visitors' pages do not carry it
 * (docs/decisions/053-public-pages-javascript.md).
 */
export function SignedInActions({ isAdmin, isPractitioner }: { isAdmin: boolean; isPractitioner: boolean }) {
  const { t } = useTranslation()
  const user = { isAdmin, isPractitioner }
  return (
    <>
      <HeaderUnreadLink user={user} />
      <ButtonLink to={dashboardPath(user)} variant="outline" size="sm">
        {t('nav.dashboard')}
      </ButtonLink>
      <LogoutButton />
    </>
  )
}
