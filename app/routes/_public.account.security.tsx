import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { PasskeysCard } from '~/components/security/passkeys-card'
import { SessionsCard } from '~/components/security/sessions-card'
import { TwoFactorCard } from '~/components/security/two-factor-card'
import { Toaster } from '~/components/toaster'
import { Link } from '~/components/ui/link'
import { readForm } from '~/lib/form-data.server'
import { invalid, refused, unknownForm } from '~/lib/forms.server'
import { msg } from '~/lib/i18n/message'
import { metaT } from '~/lib/i18n/meta'
import { redirectWithToast } from '~/lib/toast.server'
import { getSessionId, requireUser } from '~/models/accounts/auth.server'
import { settingsPath } from '~/models/accounts/role'
import { listSessions, signOutOtherSessions, signOutSession } from '~/models/security/devices.server'
import { listPasskeys } from '~/models/security/passkeys.server'
import { requireRecentVerification } from '~/models/security/recent-verification.server'
import { CodeSchema, SECURITY_INTENTS, SECURITY_PATH } from '~/models/security/security'
import { disableTotp, newRecoveryCodes, twoFactorStatus } from '~/models/security/two-factor.server'

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches, 'account')('titles.security') }]

/**
 * Security settings for every role (decision 042): the authenticator app and its recovery
 * codes, passkeys, and the signed-in sessions. Every form works without JavaScript.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const sessions = listSessions(user.id, await getSessionId(request))
  return {
    status: twoFactorStatus(user.id),
    passkeys: listPasskeys(user.id),
    timeZone: user.timeZone,
    sessions,
    settings: settingsPath(user),
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const formData = await readForm(request)
  const intent = formData.get('intent')
  // Each form here can lock the owner out in a stolen cookie's hands (turning the app off, new
  // recovery codes, signing the owner's other browsers out): a stale session verifies first
  // and comes back to this page to send it again.
  if (GUARDED_INTENTS.has(intent)) await requireRecentVerification(request)
  switch (intent) {
    case SECURITY_INTENTS.newRecoveryCodes:
    case SECURITY_INTENTS.disableTwoFactor: {
      const submission = parseWithZod(formData, { schema: CodeSchema })
      if (submission.status !== 'success') return invalid(submission, ['code'])
      try {
        if (intent === SECURITY_INTENTS.disableTwoFactor) {
          await disableTotp(request, user.id, submission.value.code)
          return redirectWithToast(SECURITY_PATH, {
            type: 'success',
            title: msg('account:security.turnedOff'),
            description: msg('account:security.turnedOffDescription'),
          })
        }
        const codes = await newRecoveryCodes(request, user.id, submission.value.code)
        return data({ result: submission.reply({ resetForm: true }), toast: null, newCodes: codes })
      } catch (error) {
        return refused(submission, error, msg('account:security.notChanged'), { hideFields: ['code'], toast: false })
      }
    }
    case SECURITY_INTENTS.signOutSession: {
      const signedOut = signOutSession(user.id, String(formData.get('session') ?? ''))
      return redirectWithToast(
        SECURITY_PATH,
        signedOut
          ? {
              type: 'success',
              title: msg('account:security.signedOut'),
              description: msg('account:security.signedOutDescription'),
            }
          : {
              type: 'error',
              title: msg('account:security.sessionNotFound'),
              description: msg('account:security.sessionNotFoundDescription'),
            },
      )
    }
    case SECURITY_INTENTS.signOutOthers:
      signOutOtherSessions(user.id, await getSessionId(request))
      return redirectWithToast(SECURITY_PATH, {
        type: 'success',
        title: msg('account:security.signedOutOthers'),
        description: msg('account:security.signedOutOthersDescription'),
      })
    default:
      throw unknownForm()
  }
}

const GUARDED_INTENTS = new Set<unknown>(Object.values(SECURITY_INTENTS))

export default function SecurityPage() {
  const { t } = useTranslation('account')
  const { status, passkeys, timeZone, sessions, settings } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const resultFor = (intent: string) =>
    actionData?.result.initialValue?.intent === intent ? actionData.result : undefined
  // Only the answer to 'Make new recovery codes' carries them; nothing keeps them after.
  const newCodes = (actionData as { newCodes?: string[] } | undefined)?.newCodes ?? null
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{t('security.title')}</h1>
        <p className="text-muted-foreground">
          {t('security.description')}{' '}
          <Link to={settings} className="font-medium text-primary hover:underline">
            {t('security.backToSettings')}
          </Link>
        </p>
      </div>
      <TwoFactorCard
        on={status.totp}
        recoveryCodesLeft={status.recoveryCodesLeft}
        newCodes={newCodes}
        resultFor={resultFor}
      />
      <PasskeysCard passkeys={passkeys} timeZone={timeZone} />
      <SessionsCard sessions={sessions} timeZone={timeZone} />
      <Toaster toast={actionData?.toast} />
    </div>
  )
}
