import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { LOG_LEVELS } from '../server/log.js'

/** A comma-separated list of ICE server URLs of one scheme (`turn` takes `turns:` too); empty when unset. */
function iceUrls(scheme: 'stun' | 'turn') {
  const pattern = scheme === 'stun' ? /^stuns?:[^\s,]+$/ : /^turns?:[^\s,]+$/
  return z
    .string()
    .optional()
    .transform((text) =>
      (text ?? '')
        .split(',')
        .map((url) => url.trim())
        .filter(Boolean),
    )
    .refine((urls) => urls.every((url) => pattern.test(url)), {
      message: `must be comma-separated ${scheme}: URLs, e.g. ${scheme === 'stun' ? 'stun:stun.example.com:3478' : 'turn:turn.example.com:3478?transport=udp,turns:turn.example.com:5349'}`,
    })
}

/**
 * Every setting the server reads, validated once. A bad value stops the process with a
 * message naming the variable, instead of failing later somewhere deep in a request.
 */
const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    DATABASE_PATH: z.string().min(1).default('./data/solace.db'),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    /** Public origin of the site, used in emails and payment return links. */
    APP_URL: z.url().optional(),
    STRIPE_SECRET_KEY: z.string().startsWith('sk_').optional(),
    STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_').optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_').optional(),
    /** Without it, consultations get demo answers from msw inside the server (app/integrations/ai.server.ts). */
    ANTHROPIC_API_KEY: z.string().min(1).optional(),
    /** The Claude model the AI consultations ask. */
    ANTHROPIC_MODEL: z.string().min(1).default('claude-sonnet-5-5'),
    /** The SDK's own retries of a failed call (429, 5xx, 529 overloaded, network errors). */
    ANTHROPIC_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
    /** How long one consultation may take, retries included, before it is given up. */
    ANTHROPIC_TIMEOUT_MS: z.coerce.number().int().min(50).max(600_000).default(60_000),
    RESEND_API_KEY: z.string().min(1).optional(),
    EMAIL_FROM: z.string().min(3).default('Solace <hello@solace.test>'),
    /** Production refuses emulated payments unless this says it is on purpose (a staging demo). */
    ALLOW_EMULATED_PAYMENTS: z.stringbool().default(false),
    LITEFS_DIR: z.string().optional(),
    /**
     * The shared secret a replica sends when it asks the primary to write the row of an upload
     * it received (docs/decisions/025-uploads-on-replicas.md). Without it, replicas hand uploads
     * to the primary through Fly's replay, which cannot carry a body over 1 MB.
     */
    INTERNAL_COMMAND_TOKEN: z
      .string()
      .min(32, 'must be at least 32 characters (generate one with `openssl rand -hex 32`)')
      .optional(),
    /** Where a replica reaches the primary's app; on Fly it is found from the LiteFS lease. */
    PRIMARY_INTERNAL_URL: z.url().optional(),
    /** Opens the database read-only: an instance that must never write (the replica harness). */
    DATABASE_READ_ONLY: z.stringbool().default(false),
    /**
     * S3-compatible object storage for uploads (docs/decisions/023-object-storage.md); the
     * names `fly storage create` sets. Without BUCKET_NAME, files go to UPLOADS_DIR.
     */
    BUCKET_NAME: z.string().min(3).optional(),
    AWS_ENDPOINT_URL_S3: z.url().optional(),
    AWS_REGION: z.string().min(1).default('auto'),
    AWS_ACCESS_KEY_ID: z.string().min(1).optional(),
    AWS_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /**
     * The video rooms' NAT traversal (docs/decisions/039-video-rooms.md): STUN servers, and TURN
     * servers with time-limited credentials (coturn's `use-auth-secret`). None by default: host
     * candidates only, enough on one machine and on a local network, and nothing is sent to a
     * public STUN server from a developer's machine. Lists are comma-separated `stun:`/`turn:`/`turns:` URLs.
     */
    STUN_URLS: iceUrls('stun'),
    TURN_URLS: iceUrls('turn'),
    /** The secret shared with the TURN server (`static-auth-secret`); required with TURN_URLS. */
    TURN_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    /** How long a TURN credential lasts; a room's page asks for a new one on each load. */
    TURN_CREDENTIAL_TTL_SECONDS: z.coerce.number().int().min(600).max(172_800).default(14_400),
    /** AES-256 key of patient documents at rest: 64 hex characters (docs/decisions/020-patient-documents.md). */
    DOCUMENTS_ENCRYPTION_KEY: z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (generate one with `openssl rand -hex 32`)')
      .optional(),
    /**
     * Operations (docs/decisions/040-operations-you-can-see.md). Error reports go to Sentry only
     * with a DSN (`https://<key>@<host>/<project>`); its environment and release tag them.
     */
    SENTRY_DSN: z
      .url()
      .refine((dsn) => /^https?:\/\/[^/@]+@[^/]+\/.+/.test(dsn), {
        message: "must be a Sentry DSN, https://<key>@<host>/<project> (the project's Client Keys page)",
      })
      .optional(),
    SENTRY_ENVIRONMENT: z.string().min(1).optional(),
    SENTRY_RELEASE: z.string().min(1).optional(),
    /** The port /metrics is served on (server/metrics.js), or `off`; production defaults to fly.toml's 9091. */
    METRICS_PORT: z
      .string()
      .refine((port) => port === 'off' || (/^[1-9]\d{0,4}$/.test(port) && Number(port) <= 65535), {
        message: 'must be a port number (1-65535) or off',
      })
      .optional(),
    /** How much the server logs (server/log.js): info in production, debug in development. */
    LOG_LEVEL: z.enum(LOG_LEVELS).optional(),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message: 'is required in production (generate one with `openssl rand -hex 32`)',
      })
    }
    if (env.NODE_ENV === 'production' && !env.DOCUMENTS_ENCRYPTION_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['DOCUMENTS_ENCRYPTION_KEY'],
        message:
          'is required in production (generate one with `openssl rand -hex 32` and keep a copy: documents cannot be read without it)',
      })
    }
    if (env.NODE_ENV === 'production' && !env.APP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['APP_URL'],
        message: 'is required in production: the public address, e.g. https://solace.fly.dev',
      })
    }
    if (env.NODE_ENV === 'production' && !env.STRIPE_SECRET_KEY && !env.ALLOW_EMULATED_PAYMENTS) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message:
          'is required in production; without it payments are only emulated (set ALLOW_EMULATED_PAYMENTS=true for a demo that charges no card)',
      })
    }
    if (env.TURN_URLS.length && !env.TURN_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['TURN_SECRET'],
        message: "is required with TURN_URLS: the TURN server's static-auth-secret, which signs each credential",
      })
    }
    if (env.METRICS_PORT && env.METRICS_PORT !== 'off' && Number(env.METRICS_PORT) === env.PORT) {
      ctx.addIssue({
        code: 'custom',
        path: ['METRICS_PORT'],
        message: 'must not be PORT: metrics are never served on the public port',
      })
    }
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_WEBHOOK_SECRET'],
        message: 'is required with STRIPE_SECRET_KEY: payments are only confirmed by signed webhook events',
      })
    }
  })

export type Env = z.infer<typeof EnvSchema> & { SESSION_SECRET: string }

function formatIssues(error: z.ZodError) {
  return error.issues.map((i) => `  - ${i.path.join('.') || '(env)'}: ${i.message}`).join('\n')
}

/** Settings that cannot be used: the message names each variable and what is wrong with it. */
export class InvalidConfiguration extends Error {
  /** The variables at fault, e.g. `['SESSION_SECRET', 'METRICS_PORT']`. */
  readonly variables: string[]

  constructor(error: z.ZodError) {
    super(`Invalid environment configuration:\n${formatIssues(error)}`)
    this.name = 'InvalidConfiguration'
    this.variables = [...new Set(error.issues.map((issue) => String(issue.path[0] ?? '(env)')))]
  }
}

/**
 * A secret generated once for this installation and kept next to the database (0600), so it
 * survives restarts and differs from every other installation. It is written to a temporary
 * file and linked into place, which fails if the file exists: when two processes start
 * together, both end up reading the one complete file that won.
 */
export function installationSecret(fileName: string, databasePath = getEnv().DATABASE_PATH) {
  const file = path.join(path.dirname(path.resolve(databasePath)), fileName)
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true })
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`
    fs.writeFileSync(draft, randomBytes(32).toString('hex'), { mode: 0o600 })
    try {
      fs.linkSync(draft, file)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    } finally {
      fs.rmSync(draft, { force: true })
    }
  }
  const secret = fs.readFileSync(file, 'utf8').trim()
  if (!secret) throw new Error(`${file} is empty: delete it and a new secret is generated`)
  return secret
}

/**
 * Outside production the session secret is generated once, so a restart does not sign
 * everyone out. It is for local use only; production must set SESSION_SECRET.
 */
function devSessionSecret(databasePath: string) {
  return installationSecret('.session-secret', databasePath)
}

let cached: Env | undefined

export function getEnv(): Env {
  if (cached) return cached
  const parsed = EnvSchema.safeParse(process.env)
  if (!parsed.success) throw new InvalidConfiguration(parsed.error)
  const env = parsed.data
  cached = { ...env, SESSION_SECRET: env.SESSION_SECRET ?? devSessionSecret(env.DATABASE_PATH) }
  return cached
}

/**
 * Reads and checks every setting; throws InvalidConfiguration naming the variables at fault.
 * server.js calls it first: in production before it listens, so a bad deploy stops there.
 */
export function checkConfiguration() {
  getEnv()
}

/** Tests change process.env between files; they call this to read it again. */
export function resetEnvCache() {
  cached = undefined
}

export function isProduction() {
  return getEnv().NODE_ENV === 'production'
}

export function paymentsAreEmulated() {
  return !getEnv().STRIPE_SECRET_KEY
}

/** No ANTHROPIC_API_KEY: AI consultations are answered by the local demo and stored as demo answers. */
export function aiIsDemo() {
  return !getEnv().ANTHROPIC_API_KEY
}
