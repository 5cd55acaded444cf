import { NavLink, useLocation } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { LanguageSwitch } from '~/components/i18n/language-switch'
import { lazyComponent } from '~/components/lazy-component'
import { ButtonLink } from '~/components/ui/button'
import { Link } from '~/components/ui/link'
import { cn } from '~/lib/cn'
import { translateMessage } from '~/lib/i18n/message'
import { PUBLIC_LINKS } from './site-nav'

type HeaderUser = { isAdmin: boolean; isPractitioner: boolean } | null

function navClass({ isActive }: { isActive: boolean }) {
  return cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors',
    isActive ? 'bg-secondary text-secondary-foreground' : 'text-muted-foreground hover:text-foreground',
  )
}

/** Signed-in only: its code loads when it renders (the server's HTML stays meanwhile). */
const SignedInActions = lazyComponent(() => import('./signed-in-actions').then((module) => module.SignedInActions))

function AccountActions({ user }: { user: HeaderUser }) {
  const { t } = useTranslation()
  // Two booleans rather than the user: a new object from a revalidation is not a new prop.
  if (user) return <SignedInActions isAdmin={user.isAdmin} isPractitioner={user.isPractitioner} />
  return (
    <>
      <ButtonLink to="/login" variant="ghost" size="sm">
        {t('nav.login')}
      </ButtonLink>
      <ButtonLink to="/signup" size="sm">
        {t('nav.signUp')}
      </ButtonLink>
    </>
  )
}

export function Brand() {
  return (
    <Link to="/" className="flex items-center gap-2 text-lg font-semibold text-primary">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6 fill-current">
        <path d="M12 2c2.5 3 4 5.6 4 8a4 4 0 1 1-8 0c0-2.4 1.5-5 4-8Zm-7 13c2.2 0 4 1.3 5 3.2-.9 2-2.8 3.8-5 3.8a3.5 3.5 0 0 1 0-7Zm14 0a3.5 3.5 0 0 1 0 7c-2.2 0-4.1-1.8-5-3.8 1-1.9 2.8-3.2 5-3.2Z" />
      </svg>
      Solace
    </Link>
  )
}

/**
 * Sticky header. On small screens the links sit in a <details> menu, which opens and closes
 * without JavaScript; with JavaScript it also closes when a link is picked.
 */
export function PublicHeader({ user }: { user: HeaderUser }) {
  const { t } = useTranslation()
  const menu = useRef<HTMLDetailsElement>(null)
  const location = useLocation()
  useEffect(() => {
    if (menu.current) menu.current.open = false
  }, [location.pathname])

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Brand />
        <nav aria-label={t('nav.main')} className="hidden items-center gap-1 md:flex">
          {PUBLIC_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} end={'end' in link} className={navClass} prefetch="intent">
              {translateMessage(t, link.label)}
            </NavLink>
          ))}
        </nav>
        <div className="hidden items-center gap-2 md:flex">
          <LanguageSwitch />
          <AccountActions user={user} />
        </div>
        <details ref={menu} className="group relative md:hidden">
          <summary className="flex cursor-pointer list-none items-center rounded-md border border-input px-3 py-2 text-sm font-medium [&::-webkit-details-marker]:hidden">
            <span className="group-open:hidden">{t('nav.menu')}</span>
            <span className="hidden group-open:inline">{t('nav.close')}</span>
          </summary>
          <div className="absolute right-0 mt-2 w-64 rounded-lg border border-border bg-card p-3 shadow-lg">
            <nav aria-label={t('nav.mobile')} className="flex flex-col">
              {PUBLIC_LINKS.map((link) => (
                <NavLink key={link.to} to={link.to} end={'end' in link} className={navClass}>
                  {translateMessage(t, link.label)}
                </NavLink>
              ))}
            </nav>
            <div className="mt-3 flex flex-wrap items-center gap-2 border-t border-border pt-3">
              <LanguageSwitch />
              <AccountActions user={user} />
            </div>
          </div>
        </details>
      </div>
    </header>
  )
}
