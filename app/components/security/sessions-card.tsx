import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { useShown } from '~/components/account/use-shown'
import { SubmitButton, useIsSubmittingIntent } from '~/components/form-shell'
import { useFormats } from '~/components/i18n/use-formats'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import type { SessionListing } from '~/models/security/devices.server'
import { SECURITY_INTENTS } from '~/models/security/security'

/**
 * The account's signed-in sessions, each with Sign out, and "Sign out everywhere else". Times
 * are in the person's zone and the page's language; the browser and place are messages.
 */
export function SessionsCard({ sessions, timeZone }: { sessions: SessionListing[]; timeZone: string }) {
  const { t } = useTranslation('account')
  const shown = useShown()
  const formats = useFormats()
  const signingOutOthers = useIsSubmittingIntent(SECURITY_INTENTS.signOutOthers)
  const others = sessions.filter((session) => !session.current).length
  const when = (iso: string) =>
    t('security.when', { date: formats.longDate(iso, timeZone), time: formats.time(iso, timeZone) })
  return (
    <Card role="region" aria-labelledby="sessions-title">
      <CardHeader>
        <CardTitle id="sessions-title">{t('sessions.title')}</CardTitle>
        <CardDescription>{t('sessions.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <ul className="divide-y rounded-md border">
          {sessions.map((session) => (
            <li key={session.handle} className="flex flex-wrap items-center justify-between gap-3 p-3">
              <div className="space-y-0.5 text-sm">
                <p className="font-medium">
                  {shown(session.browser)}
                  {session.current ? (
                    <span className="ml-2 rounded bg-primary/10 px-1.5 py-0.5 text-xs text-primary">
                      {t('sessions.thisDevice')}
                    </span>
                  ) : null}
                </p>
                <p className="text-muted-foreground">
                  {session.place
                    ? t('sessions.seenNear', {
                        place: shown(session.place),
                        firstSeen: when(session.firstSeen),
                        lastSeen: when(session.lastSeen),
                      })
                    : t('sessions.seen', { firstSeen: when(session.firstSeen), lastSeen: when(session.lastSeen) })}
                </p>
              </div>
              {session.current ? null : <SignOutButton handle={session.handle} />}
            </li>
          ))}
        </ul>
        {others > 0 ? (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value={SECURITY_INTENTS.signOutOthers} />
            <SubmitButton variant="outline" pending={signingOutOthers} pendingText={t('sessions.signingOut')}>
              {t('sessions.signOutOthers')}
            </SubmitButton>
          </Form>
        ) : null}
      </CardContent>
    </Card>
  )
}

function SignOutButton({ handle }: { handle: string }) {
  const { t } = useTranslation('account')
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={SECURITY_INTENTS.signOutSession} />
      <input type="hidden" name="session" value={handle} />
      <SubmitButton variant="outline" size="sm" pending={false} pendingText={t('sessions.signingOut')}>
        {t('sessions.signOut')}
      </SubmitButton>
    </Form>
  )
}
