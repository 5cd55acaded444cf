import { parseArgs } from 'node:util'

export interface LargeCounts {
  practitioners: number
  services: number
  slots: number
  reviews: number
  clients: number
}

export const DEFAULT_LARGE_COUNTS: LargeCounts = {
  practitioners: 3000,
  services: 50_000,
  slots: 300_000,
  reviews: 20_000,
  clients: 500,
}

export interface SeedArgs {
  size: 'demo' | 'large'
  /** Used by `npm run dev`: a database with other data is left alone without an error. */
  ifEmpty: boolean
  large: LargeCounts
  /**
   * For the browser tests: the demo admin's authenticator app, already set up with this base32
   * secret, so a test can sign the admin in or compute its codes without setting it up first.
   */
  adminAuthenticator: string | null
  help: boolean
}

export const USAGE = `Usage: npm run db:seed -- [options]

  --if-empty           only seed an empty database; otherwise do nothing (exit 0)
  --size demo|large    demo (default), or demo plus a large benchmark data set
  --practitioners N    large: practitioners (default ${DEFAULT_LARGE_COUNTS.practitioners})
  --services N         large: services (default ${DEFAULT_LARGE_COUNTS.services})
  --slots N            large: open time slots (default ${DEFAULT_LARGE_COUNTS.slots})
  --reviews N          large: reviewed past sessions (default ${DEFAULT_LARGE_COUNTS.reviews})
  --clients N          large: clients who wrote them (default ${DEFAULT_LARGE_COUNTS.clients})
  --admin-authenticator SECRET
                       tests: the demo admin's authenticator app set up with this base32
                       secret (the demo otherwise leaves two-factor sign-in for them to set up)
  -h, --help           show this help`

function count(name: string, raw: string | undefined, fallback: number, min: number) {
  if (raw === undefined) return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < min) {
    throw new Error(`--${name} must be a whole number of at least ${min}, got "${raw}"`)
  }
  return value
}

/** Parses the seed's command line; throws an Error with a readable message on bad input. */
export function parseSeedArgs(argv: string[]): SeedArgs {
  const { values } = parseArgs({
    args: argv,
    options: {
      'if-empty': { type: 'boolean', default: false },
      size: { type: 'string', default: 'demo' },
      practitioners: { type: 'string' },
      services: { type: 'string' },
      slots: { type: 'string' },
      reviews: { type: 'string' },
      clients: { type: 'string' },
      'admin-authenticator': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
    allowPositionals: false,
  })
  if (values.size !== 'demo' && values.size !== 'large') {
    throw new Error(`--size must be "demo" or "large", got "${values.size}"`)
  }
  const d = DEFAULT_LARGE_COUNTS
  const large: LargeCounts = {
    practitioners: count('practitioners', values.practitioners, d.practitioners, 1),
    services: count('services', values.services, d.services, 1),
    slots: count('slots', values.slots, d.slots, 0),
    reviews: count('reviews', values.reviews, d.reviews, 0),
    clients: count('clients', values.clients, d.clients, 1),
  }
  if (large.services < large.practitioners) {
    throw new Error('--services must be at least --practitioners (each practitioner offers one)')
  }
  const adminAuthenticator = values['admin-authenticator'] ?? null
  // RFC 4648 base32 of at least 80 bits (RFC 4226's minimum for a shared secret).
  if (adminAuthenticator !== null && !/^[A-Z2-7]{16,}$/.test(adminAuthenticator)) {
    throw new Error('--admin-authenticator must be a base32 secret of at least 16 characters (A-Z, 2-7)')
  }
  return { size: values.size, ifEmpty: values['if-empty'], large, adminAuthenticator, help: values.help }
}
