/** The links of the public pages' shared header. */
export const PUBLIC_LINKS = [
  { to: '/', label: 'Home', end: true },
  { to: '/services', label: 'Find Services' },
  { to: '/practitioners', label: 'Find Practitioners' },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
] as const

/** The top bar of the client and admin areas. */
export const SIGNED_IN_TOP_LINKS = [
  { to: '/', label: 'Home', end: true },
  { to: '/services', label: 'Services' },
  { to: '/practitioners', label: 'Practitioners' },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
]
