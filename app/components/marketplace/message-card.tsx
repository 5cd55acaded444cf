import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { lazyComponent } from '~/components/lazy-component'
import { Button, buttonClass } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Input, Label, Textarea } from '~/components/ui/input'
import { Link } from '~/components/ui/link'
import { CLIENT_INBOX_PATH } from '~/models/messaging/inbox'
import { MESSAGE_INTENT } from './profile-intents'
import { RichText } from './rich-text'
import type { SubmissionResult } from '@conform-to/react'

/** Only clients who may write get the form: visitors' first load leaves it (and zod) out. */
const QuestionForm = lazyComponent(() => import('./question-form').then((module) => module.QuestionForm))

/**
 * Who is looking: a visitor, the practitioner on their own profile, someone signed in who may
 * write to them, or someone who may not (an admin, another practitioner with no link to them).
 */
export type MessageCardViewer = 'visitor' | 'self' | 'member' | 'not-allowed'

/** The "Ask a Question" card: the form, then the sent state ('?sent=1' in the URL). */
export function MessageCard({
  viewer,
  sent,
  practitionerFirstName,
  pagePath,
  loginTo,
  lastResult,
}: {
  viewer: MessageCardViewer
  sent: boolean
  practitionerFirstName: string
  pagePath: string
  loginTo: string
  lastResult: SubmissionResult<string[]> | null
}) {
  const { t } = useTranslation('marketplace')
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('ask.title')}</CardTitle>
        <CardDescription>{t('ask.description', { firstName: practitionerFirstName })}</CardDescription>
      </CardHeader>
      <CardContent>
        {viewer === 'self' ? (
          <p className="rounded-md bg-muted p-3 text-sm text-muted-foreground">{t('ask.self')}</p>
        ) : viewer === 'not-allowed' ? (
          <p className="rounded-md bg-muted p-3 text-sm text-muted-foreground">{t('ask.notAllowed')}</p>
        ) : viewer === 'visitor' ? (
          <VisitorQuestionForm pagePath={pagePath} loginTo={loginTo} />
        ) : sent ? (
          <div role="status" className="space-y-3 text-center">
            <p className="text-lg font-semibold">{t('ask.sent')}</p>
            <p className="text-sm text-muted-foreground">
              <RichText
                text={t('ask.willReply', { firstName: '{{firstName}}' })}
                values={{ firstName: practitionerFirstName }}
                components={{
                  a: <Link to={CLIENT_INBOX_PATH} className="font-medium text-primary hover:underline" />,
                }}
              />
            </p>
            <Link to={pagePath} preventScrollReset className={buttonClass({ variant: 'outline' })}>
              {t('ask.sendAnother')}
            </Link>
          </div>
        ) : (
          <QuestionForm pagePath={pagePath} lastResult={lastResult} />
        )}
      </CardContent>
    </Card>
  )
}

/**
 * Visitors see the form, disabled, and the way to log in. The button still posts: the server
 * answers with the login page, which brings them back here (spec: submitting sends them to login).
 */
function VisitorQuestionForm({ pagePath, loginTo }: { pagePath: string; loginTo: string }) {
  const { t } = useTranslation('marketplace')
  return (
    <Form method="post" action={pagePath} className="space-y-4">
      <input type="hidden" name="intent" value={MESSAGE_INTENT} />
      {/* Greyed labels and fields: a form that looks usable but is not would only mislead. */}
      <fieldset disabled className="group space-y-4">
        <div className="space-y-1.5">
          <Label htmlFor="visitor-subject" className="group-disabled:text-muted-foreground">
            {t('ask.subject')}
          </Label>
          <Input id="visitor-subject" name="subject" />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="visitor-content" className="group-disabled:text-muted-foreground">
            {t('ask.message')}
          </Label>
          <Textarea id="visitor-content" name="content" rows={5} />
        </div>
      </fieldset>
      <p className="text-sm text-muted-foreground">
        {t('ask.needAccount')}{' '}
        <Link to={loginTo} className="font-medium text-primary hover:underline">
          {t('ask.logIn')}
        </Link>
      </p>
      <Button type="submit" className="w-full">
        {t('ask.send')}
      </Button>
    </Form>
  )
}
