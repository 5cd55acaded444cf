import { ButtonLink } from '~/components/ui/button'
import type { MetaFunction } from '@remix-run/node'

/** After deletion the person lands here and goes home after 2 seconds, even without JS. */
export const meta: MetaFunction = () => [
  { title: 'Account deleted — Solace' },
  { httpEquiv: 'refresh', content: '2;url=/' },
]

export default function AccountDeletedPage() {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-bold">Your account has been permanently deleted</h1>
      <p className="mt-3 text-muted-foreground">Thank you for being part of Solace. Taking you to the home page…</p>
      <ButtonLink to="/" variant="outline" className="mt-6">
        Go to the home page
      </ButtonLink>
    </div>
  )
}
