/** The public header's links (spec §2 shared public shell). */
export const PUBLIC_LINKS = [
  { to: '/', label: 'Home', end: true },
  { to: '/services', label: 'Find Services' },
  { to: '/practitioners', label: 'Find Practitioners' },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
] as const
