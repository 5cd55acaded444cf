/** The countries a practitioner can practise from, as [code, name] (no zod: a page can show them alone). */
export const PRACTITIONER_COUNTRIES = [
  ['US', 'United States'],
  ['CA', 'Canada'],
  ['GB', 'United Kingdom'],
  ['AU', 'Australia'],
  ['DE', 'Germany'],
  ['FR', 'France'],
  ['IT', 'Italy'],
  ['ES', 'Spain'],
  ['NL', 'Netherlands'],
  ['SE', 'Sweden'],
  ['NO', 'Norway'],
  ['DK', 'Denmark'],
  ['FI', 'Finland'],
  ['CH', 'Switzerland'],
  ['AT', 'Austria'],
  ['BE', 'Belgium'],
  ['IE', 'Ireland'],
  ['PT', 'Portugal'],
  ['LU', 'Luxembourg'],
  ['NZ', 'New Zealand'],
  ['SG', 'Singapore'],
  ['HK', 'Hong Kong'],
  ['JP', 'Japan'],
] as const

export const COUNTRY_CODES = PRACTITIONER_COUNTRIES.map(([code]) => code) as [
  (typeof PRACTITIONER_COUNTRIES)[number][0],
  ...(typeof PRACTITIONER_COUNTRIES)[number][0][],
]
