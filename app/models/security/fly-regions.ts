/**
 * Fly's regions by code, for the sessions list's rough place (the edge a request came in at,
 * which is near the person but not where they are). An unknown code is shown as it is.
 */
const REGIONS: Record<string, string> = {
  ams: 'Amsterdam',
  arn: 'Stockholm',
  atl: 'Atlanta',
  bog: 'Bogotá',
  bom: 'Mumbai',
  bos: 'Boston',
  cdg: 'Paris',
  den: 'Denver',
  dfw: 'Dallas',
  ewr: 'Secaucus, New Jersey',
  eze: 'Buenos Aires',
  fra: 'Frankfurt',
  gdl: 'Guadalajara',
  gig: 'Rio de Janeiro',
  gru: 'São Paulo',
  hkg: 'Hong Kong',
  iad: 'Ashburn, Virginia',
  jnb: 'Johannesburg',
  lax: 'Los Angeles',
  lhr: 'London',
  mad: 'Madrid',
  mia: 'Miami',
  nrt: 'Tokyo',
  ord: 'Chicago',
  otp: 'Bucharest',
  phx: 'Phoenix',
  qro: 'Querétaro',
  scl: 'Santiago',
  sea: 'Seattle',
  sin: 'Singapore',
  sjc: 'San Jose, California',
  syd: 'Sydney',
  waw: 'Warsaw',
  yul: 'Montréal',
  yyz: 'Toronto',
}

export function regionName(code: string) {
  return REGIONS[code] ?? code.toUpperCase()
}
