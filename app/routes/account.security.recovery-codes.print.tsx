import { data, type ActionFunctionArgs, type HeadersFunction, type MetaFunction } from '@remix-run/node'
import { useActionData } from '@remix-run/react'
import { useEffect } from 'react'
import { Button } from '~/components/ui/button'
import { Link } from '~/components/ui/link'
import { useHydrated } from '~/components/use-hydrated'
import { requireUser } from '~/models/accounts/auth.server'
import { readRecoveryCodes } from '~/models/security/recovery-codes.server'
import { SECURITY_PATH } from '~/models/security/security'

export const meta: MetaFunction = () => [{ title: 'Recovery codes — Solace' }, { name: 'robots', content: 'noindex' }]

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
  const sheet = useActionData<typeof action>()
  const hydrated = useHydrated()
  useEffect(() => {
    if (sheet) window.print()
  }, [sheet])
  if (!sheet) {
    return (
      <main className="mx-auto max-w-md space-y-4 px-6 py-10">
        <h1 className="text-2xl font-bold">Nothing to print</h1>
        <p>
          Recovery codes are shown once, when they are made. <Link to={SECURITY_PATH}>Back to security settings</Link>
        </p>
      </main>
    )
  }
  return (
    <main className="mx-auto max-w-md space-y-4 px-6 py-10 print:max-w-none print:p-0 print:text-black">
      <h1 className="text-2xl font-bold">Solace recovery codes</h1>
      <p>
        For <strong>{sheet.email}</strong>, printed {sheet.date}.
      </p>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 font-mono text-lg select-all">
        {sheet.codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <p className="text-sm">
        Each code signs you in once in place of your authenticator app&apos;s code. Keep this page somewhere safe;
        making new codes replaces these.
      </p>
      <div className="print:hidden">
        {hydrated ? (
          <Button onClick={() => window.print()}>Print</Button>
        ) : (
          <p className="text-sm text-muted-foreground">
            Use your browser&apos;s Print command (Ctrl+P, or ⌘P on a Mac).
          </p>
        )}
      </div>
    </main>
  )
}
