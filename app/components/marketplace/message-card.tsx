import { Form } from '@remix-run/react'
import { lazyComponent } from '~/components/lazy-component'
import { Button, buttonClass } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Input, Label, Textarea } from '~/components/ui/input'
import { Link } from '~/components/ui/link'
import { CLIENT_INBOX_PATH } from '~/models/messaging/inbox'
import { MESSAGE_INTENT } from './profile-intents'
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
  return (
    <Card>
      <CardHeader>
        <CardTitle>Ask a Question</CardTitle>
        <CardDescription>
          Not sure a session is right for you? Send {practitionerFirstName} a message before you book.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {viewer === 'self' ? (
          <p className="rounded-md bg-muted p-3 text-sm text-muted-foreground">
            This is your public profile. Clients ask their questions here, and you answer them from your inbox.
          </p>
        ) : viewer === 'not-allowed' ? (
          <p className="rounded-md bg-muted p-3 text-sm text-muted-foreground">
            Only clients can send questions from a practitioner&apos;s profile. Practitioners can message people who
            have written to them or booked a session with them.
          </p>
        ) : viewer === 'visitor' ? (
          <VisitorQuestionForm pagePath={pagePath} loginTo={loginTo} />
        ) : sent ? (
          <div role="status" className="space-y-3 text-center">
            <p className="text-lg font-semibold">Message Sent!</p>
            <p className="text-sm text-muted-foreground">
              {practitionerFirstName} will reply to your{' '}
              <Link to={CLIENT_INBOX_PATH} className="font-medium text-primary hover:underline">
                inbox
              </Link>
              .
            </p>
            <Link to={pagePath} preventScrollReset className={buttonClass({ variant: 'outline' })}>
              Send Another Message
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
  return (
    <Form method="post" action={pagePath} className="space-y-4">
      <input type="hidden" name="intent" value={MESSAGE_INTENT} />
      {/* Greyed labels and fields: a form that looks usable but is not would only mislead. */}
      <fieldset disabled className="group space-y-4">
        <div className="space-y-1.5">
          <Label htmlFor="visitor-subject" className="group-disabled:text-muted-foreground">
            Subject
          </Label>
          <Input id="visitor-subject" name="subject" />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="visitor-content" className="group-disabled:text-muted-foreground">
            Message
          </Label>
          <Textarea id="visitor-content" name="content" rows={5} />
        </div>
      </fieldset>
      <p className="text-sm text-muted-foreground">
        You need an account to message practitioners.{' '}
        <Link to={loginTo} className="font-medium text-primary hover:underline">
          Log in to ask a question
        </Link>
      </p>
      <Button type="submit" className="w-full">
        Send Message
      </Button>
    </Form>
  )
}
