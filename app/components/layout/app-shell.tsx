import { NavLink, useLocation, useRouteLoaderData } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { LanguageSwitch } from '~/components/i18n/language-switch'
import { useOptionalUser, useUnreadMessageCount } from '~/components/layout/root-data'
import { HeaderUnreadLink, UnreadBadge } from '~/components/messaging/unread-badge'
import { ButtonLink } from '~/components/ui/button'
import { cn } from '~/lib/cn'
import { translateMessage } from '~/lib/i18n/message'
import { dashboardPath } from '~/models/accounts/role'
import { LogoutButton } from './logout-button'
import { Brand } from './public-header'

/** `unread`: the link shows the signed-in person's unread-message count (the Inbox links). */
export type ShellLink = { to: string; label: string; end?: boolean; unread?: boolean }
export type ShellUser = {
  firstName: string
  lastName: string
  profileImageUrl: string | null
  isAdmin: boolean
  isPractitioner: boolean
}

function linkClass({ isActive }: { isActive: boolean }) {
  return cn(
    'flex items-center justify-between gap-2 rounded-md px-3 py-2 text-sm font-medium transition-colors',
    isActive ? 'bg-secondary text-secondary-foreground' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
  )
}

export function Avatar({
  user,
  className,
}: {
  user: Pick<ShellUser, 'firstName' | 'lastName' | 'profileImageUrl'>
  className?: string
}) {
  const initials = `${user.firstName[0] ?? ''}${user.lastName[0] ?? ''}`.toUpperCase()
  return user.profileImageUrl ? (
    <img src={user.profileImageUrl} alt="" className={cn('size-9 rounded-full object-cover', className)} />
  ) : (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-9 items-center justify-center rounded-full bg-secondary text-sm font-semibold text-secondary-foreground',
        className,
      )}
    >
      {initials}
    </span>
  )
}

function SideNav({ links, label }: { links: ShellLink[]; label: string }) {
  const { t } = useTranslation()
  const unread = useUnreadMessageCount()
  return (
    <nav aria-label={label} className="space-y-1">
      {links.map((link) => (
        <NavLink key={link.to} to={link.to} end={link.end} className={linkClass} prefetch="intent">
          {translateMessage(t, link.label)}
          {link.unread ? <UnreadBadge count={unread} /> : null}
        </NavLink>
      ))}
    </nav>
  )
}

/**
 * The frame of the signed-in areas (client, practitioner, admin): a top bar with the site's
 * links, Dashboard and Logout, and a side menu. On small screens the side menu folds into a
 * <details> element, which works without JavaScript.
 */
export function AppShell({
  user,
  topLinks,
  sideLinks,
  profileLink,
  areaLabel,
  children,
}: {
  user: ShellUser
  topLinks: ShellLink[]
  sideLinks: ShellLink[]
  profileLink: string
  areaLabel: string
  children: React.ReactNode
}) {
  const { t } = useTranslation()
  const menu = useRef<HTMLDetailsElement>(null)
  const location = useLocation()
  // An area's name may be a catalogue key (app/lib/i18n/message.ts), like its links' labels.
  const area = translateMessage(t, areaLabel)
  useEffect(() => {
    if (menu.current) menu.current.open = false
  }, [location.pathname])

  const profile = (
    <NavLink to={profileLink} className="flex items-center gap-3 rounded-md p-2 hover:bg-muted">
      <Avatar user={user} />
      <span className="min-w-0">
        <span className="block truncate text-sm font-medium">
          {user.firstName} {user.lastName}
        </span>
        <span className="block text-xs text-muted-foreground">{t('nav.viewProfile')}</span>
      </span>
    </NavLink>
  )

  return (
    <div className="flex min-h-screen flex-col">
      <header className="sticky top-0 z-40 border-b border-border bg-background/90 backdrop-blur">
        <div className="flex h-16 items-center justify-between gap-4 px-4 sm:px-6">
          <Brand />
          <nav aria-label={t('nav.site')} className="hidden items-center gap-1 lg:flex">
            {topLinks.map((link) => (
              <NavLink key={link.to} to={link.to} end={link.end} className={linkClass}>
                {translateMessage(t, link.label)}
              </NavLink>
            ))}
          </nav>
          <div className="flex items-center gap-2">
            <LanguageSwitch className="hidden sm:block" />
            <HeaderUnreadLink user={user} />
            <ButtonLink to={dashboardPath(user)} variant="outline" size="sm">
              {t('nav.dashboard')}
            </ButtonLink>
            <LogoutButton />
          </div>
        </div>
      </header>
      <div className="flex flex-1">
        <aside className="hidden w-64 shrink-0 flex-col justify-between border-r border-border bg-card p-4 md:flex">
          <div className="space-y-6">
            <p className="px-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{area}</p>
            <SideNav links={sideLinks} label={area} />
          </div>
          <div className="border-t border-border pt-4">{profile}</div>
        </aside>
        <div className="min-w-0 flex-1">
          <details ref={menu} className="border-b border-border bg-card md:hidden">
            <summary className="cursor-pointer px-4 py-3 text-sm font-medium">{t('nav.areaMenu', { area })}</summary>
            <div className="space-y-4 px-4 pb-4">
              <SideNav links={sideLinks} label={t('nav.areaMobile', { area })} />
              <SideNav links={topLinks} label={t('nav.siteMobile')} />
              <LanguageSwitch className="sm:hidden" />
              {profile}
            </div>
          </details>
          <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-8 outline-none sm:px-6">
            {children}
          </main>
        </div>
      </div>
    </div>
  )
}

/**
 * An area's error boundary (practitioner, admin, client): a page of the area that fails (a 404,
 * a refused form, a crash) shows its error inside the area's frame, so the menus stay. When
 * the layout's own loader (`routeId`) is what failed, its user is missing: the root's
 * signed-in user stands in if they `belong` in the area, else the error shows alone.
 */
export function AreaErrorBoundary({
  routeId,
  belongs,
  shell: Shell,
}: {
  routeId: string
  belongs: (user: ShellUser) => boolean
  shell: (props: { user: ShellUser; children: React.ReactNode }) => React.ReactNode
}) {
  const area = useRouteLoaderData<{ user: ShellUser }>(routeId)
  const root = useOptionalUser()
  const user = area?.user ?? (root && belongs(root) ? root : null)
  if (!user) return <GeneralErrorBoundary />
  return (
    <Shell user={user}>
      <GeneralErrorBoundary />
    </Shell>
  )
}
