import { data, type ActionFunctionArgs, type HeadersFunction, type MetaFunction } from '@remix-run/node'
import { useActionData } from '@remix-run/react'
import { useEffect } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { Button } from '~/components/ui/button'
import { Link } from '~/components/ui/link'
import { useHydrated } from '~/components/use-hydrated'
import { metaT } from '~/lib/i18n/meta'
import { requireUser } from '~/models/accounts/auth.server'
import { readRecoveryCodes } from '~/models/security/recovery-codes.server'
import { SECURITY_PATH } from '~/models/security/security'

export const meta: MetaFunction = ({ matches }) => [
  { title: metaT(matches, 'account')('titles.recoveryCodes') },
  { name: 'robots', content: 'noindex' },
]

/**
 * POST /account/security/recovery-codes/print (the recovery codes' Print button, opened in a
 * new tab) → a page with just the codes, the account's email and the date, laid out for paper.
 * With JavaScript it opens the print dialog at once; without, the person prints it from the
 * browser. Outside the site's layout (no header or footer to print), not cached.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const sheet = await readRecoveryCodes(request, user)
  return data(sheet, { headers: { 'Cache-Control': 'private, no-store' } })
}

/**
 * The codes come only with the POST; opened any other way there is nothing to print. (Not a
 * redirect: loaders also run after the action, and one would replace the printed page.)
 */
export function loader() {
  return null
}

export const headers: HeadersFunction = ({ actionHeaders }) => actionHeaders

export default function PrintRecoveryCodesPage() {
  const { t } = useTranslation('account')
  const sheet = useActionData<typeof action>()
  const hydrated = useHydrated()
  useEffect(() => {
    if (sheet) window.print()
  }, [sheet])
  if (!sheet) {
    return (
      <main className="mx-auto max-w-md space-y-4 px-6 py-10">
        <h1 className="text-2xl font-bold">{t('recoveryCodes.nothingToPrint')}</h1>
        <p>
          {t('recoveryCodes.shownOnce')} <Link to={SECURITY_PATH}>{t('security.backToSecurity')}</Link>
        </p>
      </main>
    )
  }
  return (
    <main className="mx-auto max-w-md space-y-4 px-6 py-10 print:max-w-none print:p-0 print:text-black">
      <h1 className="text-2xl font-bold">{t('recoveryCodes.printTitle')}</h1>
      <p>
        <Trans
          t={t}
          i18nKey="recoveryCodes.printedFor"
          values={{ email: sheet.email, date: sheet.date }}
          components={{ strong: <strong /> }}
        />
      </p>
      <ul aria-label={t('recoveryCodes.listLabel')} className="grid grid-cols-2 gap-2 font-mono text-lg select-all">
        {sheet.codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <p className="text-sm">{t('recoveryCodes.printNote')}</p>
      <div className="print:hidden">
        {hydrated ? (
          <Button onClick={() => window.print()}>{t('recoveryCodes.print')}</Button>
        ) : (
          <p className="text-sm text-muted-foreground">{t('recoveryCodes.printWithoutJs')}</p>
        )}
      </div>
    </main>
  )
}
