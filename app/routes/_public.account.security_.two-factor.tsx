import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { useShown } from '~/components/account/use-shown'
import { AuthCard } from '~/components/auth-card'
import { SubmitButton } from '~/components/form-shell'
import { CodeForm } from '~/components/security/code-form'
import { RecoveryCodes } from '~/components/security/recovery-codes'
import { Toaster } from '~/components/toaster'
import { buttonClass } from '~/components/ui/button'
import { Link } from '~/components/ui/link'
import { mayWriteForThePerson } from '~/lib/fetch-metadata.server'
import { readForm } from '~/lib/form-data.server'
import { invalid, refused } from '~/lib/forms.server'
import { msg } from '~/lib/i18n/message'
import { metaT } from '~/lib/i18n/meta'
import { safeRedirect } from '~/lib/safe-redirect'
import { requireUser } from '~/models/accounts/auth.server'
import { requireRecentVerification } from '~/models/security/recent-verification.server'
import { ADMIN_TWO_FACTOR_REASON, CodeSchema, SECURITY_PATH } from '~/models/security/security'
import { confirmTotpSetup, hasAuthenticatorApp, totpSetup } from '~/models/security/two-factor.server'

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches, 'account')('titles.twoFactorSetup') }]

/**
 * Setting up an authenticator app: scan the QR code (or type the secret), confirm with a first
 * code, then keep the ten recovery codes shown once. An admin without it is sent here before
 * the admin area opens, and returns there (`redirectTo`). Turning it on asks for a recent
 * verification (a stolen cookie must not lock the owner out), and the secret is this
 * session's alone, for ten minutes (two-factor.server.ts).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get('redirectTo'), SECURITY_PATH)
  // Once it is on there is nothing to set up (and, right after confirming, the page shows the codes).
  const on = hasAuthenticatorApp(user.id)
  if (!on) await requireRecentVerification(request)
  return {
    setup: await totpSetup(request, user, { create: mayWriteForThePerson(request) }),
    redirectTo,
    // An admin is here because the admin area will not open without it (requireAdmin): the page
    // says why itself, not only the toast that brought them, which goes in five seconds.
    adminReason: user.isAdmin && !on ? ADMIN_TWO_FACTOR_REASON : null,
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  await requireRecentVerification(request)
  const formData = await readForm(request)
  // Opened from another site the page could not make the secret, and an expired setup starts
  // again: this button makes a new one.
  if (formData.get('intent') === START_INTENT) {
    await totpSetup(request, user, { fresh: true })
    const { pathname, search } = new URL(request.url)
    return redirect(pathname + search)
  }
  const submission = parseWithZod(formData, { schema: CodeSchema })
  if (submission.status !== 'success') return invalid(submission, ['code'])
  try {
    const codes = await confirmTotpSetup(request, user.id, submission.value.code)
    return data({ result: submission.reply({ resetForm: true }), toast: null, newCodes: codes })
  } catch (error) {
    return refused(submission, error, msg('account:twoFactor.notSetUp'), { hideFields: ['code'], toast: false })
  }
}

const START_INTENT = 'start'

/** Makes a new secret for this session (the first, or in place of one that ran out). */
function StartForm({ text, again = false }: { text: string; again?: boolean }) {
  const { t } = useTranslation('account')
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={START_INTENT} />
      <SubmitButton
        className="w-full"
        variant={again ? 'outline' : undefined}
        pending={false}
        pendingText={t('twoFactor.starting')}
      >
        {text}
      </SubmitButton>
    </Form>
  )
}

/** Why an admin must set it up, above the setup. */
function AdminReason({ text }: { text: string | null }) {
  const shown = useShown()
  if (!text) return null
  return (
    <p role="note" className="mb-6 rounded-md border border-primary/40 bg-primary/5 p-3 text-sm">
      {shown(text)}
    </p>
  )
}

/** The secret in groups of four, as authenticator apps show it. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret

export default function TwoFactorSetupPage() {
  const { t } = useTranslation('account')
  const { setup, redirectTo, adminReason } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const newCodes = (actionData as { newCodes?: string[] } | undefined)?.newCodes
  if (newCodes) {
    return (
      <AuthCard title={t('twoFactor.onTitle')} description={t('twoFactor.onDescription')}>
        <RecoveryCodes codes={newCodes} />
        <Link to={redirectTo} className={buttonClass({}, 'mt-6 w-full')}>
          {t('twoFactor.savedContinue')}
        </Link>
      </AuthCard>
    )
  }
  if (!setup) {
    return (
      <AuthCard title={t('twoFactor.onTitle')}>
        <Link to={SECURITY_PATH} className={buttonClass({}, 'w-full')}>
          {t('security.backToSecurity')}
        </Link>
      </AuthCard>
    )
  }
  if (!setup.secret) {
    return (
      <AuthCard title={t('twoFactor.setupTitle')} description={t('twoFactor.setupDescription')}>
        <AdminReason text={adminReason} />
        <StartForm text={t('twoFactor.showQrCode')} />
      </AuthCard>
    )
  }
  return (
    <AuthCard title={t('twoFactor.setupTitle')} description={t('twoFactor.scanDescription')}>
      <AdminReason text={adminReason} />
      <div className="space-y-6">
        <div
          className="mx-auto w-48 rounded-md bg-white p-2"
          role="img"
          aria-label={t('twoFactor.qrLabel')}
          // The SVG is made on the server by `qrcode` from our own otpauth address.
          dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
        />
        <div className="space-y-1 text-center text-sm">
          <p className="text-muted-foreground">{t('twoFactor.cannotScan')}</p>
          <p className="font-mono text-base tracking-wider" data-testid="totp-secret">
            {grouped(setup.secret)}
          </p>
        </div>
        <CodeForm
          id="confirm-two-factor"
          lastResult={actionData?.result}
          submitText={t('twoFactor.turnOn')}
          pendingText={t('twoFactor.checking')}
        />
        <StartForm text={t('twoFactor.startAgain')} again />
      </div>
      <Toaster toast={actionData?.toast} />
    </AuthCard>
  )
}
