import { msg } from '~/lib/i18n/message'

/**
 * The links of the public pages' shared header. Labels are catalogue keys (app/lib/i18n/message.ts),
 * put in the page's language where they are shown.
 */
export const PUBLIC_LINKS = [
  { to: '/', label: msg('common:nav.home'), end: true },
  { to: '/services', label: msg('common:nav.findServices') },
  { to: '/practitioners', label: msg('common:nav.findPractitioners') },
  { to: '/about', label: msg('common:nav.about') },
  { to: '/contact', label: msg('common:nav.contact') },
] as const

/** The top bar of the client and admin areas. */
export const SIGNED_IN_TOP_LINKS = [
  { to: '/', label: msg('common:nav.home'), end: true },
  { to: '/services', label: msg('common:nav.services') },
  { to: '/practitioners', label: msg('common:nav.practitioners') },
  { to: '/about', label: msg('common:nav.about') },
  { to: '/contact', label: msg('common:nav.contact') },
]
