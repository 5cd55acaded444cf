import { Form } from '@remix-run/react'
import { SubmitButton, useIsSubmittingIntent } from '~/components/form-shell'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import type { SessionListing } from '~/models/security/devices.server'
import { SECURITY_INTENTS } from '~/models/security/security'

/** The account's signed-in sessions, each with Sign out, and "Sign out everywhere else". */
export function SessionsCard({ sessions }: { sessions: SessionListing[] }) {
  const signingOutOthers = useIsSubmittingIntent(SECURITY_INTENTS.signOutOthers)
  const others = sessions.filter((session) => !session.current).length
  return (
    <Card role="region" aria-labelledby="sessions-title">
      <CardHeader>
        <CardTitle id="sessions-title">Signed-in sessions</CardTitle>
        <CardDescription>Every browser signed in to your account now. Sign out any you do not know.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <ul className="divide-y rounded-md border">
          {sessions.map((session) => (
            <li key={session.handle} className="flex flex-wrap items-center justify-between gap-3 p-3">
              <div className="space-y-0.5 text-sm">
                <p className="font-medium">
                  {session.browser}
                  {session.current ? (
                    <span className="ml-2 rounded bg-primary/10 px-1.5 py-0.5 text-xs text-primary">This device</span>
                  ) : null}
                </p>
                <p className="text-muted-foreground">
                  {session.place ? `Near ${session.place} · ` : ''}Signed in {session.firstSeen} · Last seen{' '}
                  {session.lastSeen}
                </p>
              </div>
              {session.current ? null : <SignOutButton handle={session.handle} />}
            </li>
          ))}
        </ul>
        {others > 0 ? (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value={SECURITY_INTENTS.signOutOthers} />
            <SubmitButton variant="outline" pending={signingOutOthers} pendingText="Signing out...">
              Sign out everywhere else
            </SubmitButton>
          </Form>
        ) : null}
      </CardContent>
    </Card>
  )
}

function SignOutButton({ handle }: { handle: string }) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={SECURITY_INTENTS.signOutSession} />
      <input type="hidden" name="session" value={handle} />
      <SubmitButton variant="outline" size="sm" pending={false} pendingText="Signing out...">
        Sign out
      </SubmitButton>
    </Form>
  )
}
