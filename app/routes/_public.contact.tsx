import { parseWithZod } from '@conform-to/zod/v4'
import { useActionData, useLocation } from '@remix-run/react'
import { lazyComponent } from '~/components/lazy-component'
import { Toaster } from '~/components/toaster'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { readForm } from '~/lib/form-data.server'
import { invalid, refused } from '~/lib/forms.server'
import { HONEYPOT_FIELD } from '~/lib/honeypot.server'
import { redirectWithToast } from '~/lib/toast.server'
import { CONTACT_FAILED_TITLE, CONTACT_SENT_TOAST, ContactSchema } from '~/models/marketplace/contact'
import { submitContactMessage } from '~/models/marketplace/contact.server'
import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node'

const ContactForm = lazyComponent(
  () => import('~/components/marketplace/contact-form').then((module) => module.ContactForm),
  { hydrate: 'on-first-use' },
)

export const meta: MetaFunction = () => [
  { title: 'Contact — Solace' },
  { name: 'description', content: 'Questions about Solace? Send us a message; we reply within 24 hours.' },
]

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request)
  const submission = parseWithZod(formData, { schema: ContactSchema })
  if (submission.status !== 'success') return invalid(submission)
  try {
    submitContactMessage(request, submission.value, formData.get(HONEYPOT_FIELD))
  } catch (error) {
    return refused(submission, error, CONTACT_FAILED_TITLE)
  }
  return redirectWithToast('/contact', { type: 'success', ...CONTACT_SENT_TOAST })
}

const SUPPORT = [
  {
    title: 'Email us',
    body: (
      <a href="mailto:support@solace.test" className="font-medium text-primary hover:underline">
        support@solace.test
      </a>
    ),
    note: 'We reply to every message within 24 hours.',
  },
  {
    title: 'Support hours',
    body: <span className="font-medium">Monday to Friday 9AM-6PM EST</span>,
    note: 'Messages sent outside these hours are answered the next business day.',
  },
  {
    title: 'Already booked?',
    body: <span className="font-medium">Message your practitioner directly</span>,
    note: 'Questions about a session are answered fastest from your dashboard inbox.',
  },
]

const FAQ = [
  {
    question: 'How do I book a session?',
    answer:
      'Browse services or practitioners, open a service and choose a date and an available time. Free sessions are confirmed straight away; for paid sessions you pay securely by card, and your confirmed session appears in your dashboard with the video link.',
  },
  {
    question: 'Is my information secure?',
    answer:
      'Yes. Every page is served over an encrypted connection, card payments are handled by our payment provider so we never see or store your card number, and sessions take place over private video links shared only with you and your practitioner.',
  },
  {
    question: 'How do I cancel a booking?',
    answer:
      'Open your dashboard, find the session under My Sessions and choose Cancel Session. Cancellations made 24 hours or more before the start are refunded in full; later cancellations are not refunded.',
  },
  {
    question: 'I am a practitioner. How can I offer sessions on Solace?',
    answer:
      'Create an account and choose “I am a practitioner”. You can then publish your services, open time slots on your calendar and connect a payout account to receive 95% of every session fee.',
  },
]

export default function ContactPage() {
  const actionData = useActionData<typeof action>()
  // A new location (every submission makes one) remounts the form: empty after a message was
  // sent, refilled from the server's reply after a refusal.
  const location = useLocation()

  return (
    <>
      <section className="bg-gradient-to-b from-secondary to-background">
        <div className="mx-auto max-w-7xl px-4 py-14 text-center sm:px-6 sm:py-20">
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">We&apos;re here to help</h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-muted-foreground">
            A question about a booking, your account or joining as a practitioner? Send us a note and a real person on
            our team will get back to you within 24 hours.
          </p>
        </div>
      </section>

      <section className="mx-auto grid max-w-7xl gap-8 px-4 pb-16 sm:px-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>Send us a message</CardTitle>
            <CardDescription>All fields are required.</CardDescription>
          </CardHeader>
          <CardContent>
            <ContactForm key={location.key} lastResult={actionData?.result} />
          </CardContent>
        </Card>

        <aside className="space-y-4" aria-label="Support details">
          {SUPPORT.map((item) => (
            <Card key={item.title} className="p-6">
              <h2 className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">{item.title}</h2>
              <p className="mt-2">{item.body}</p>
              <p className="mt-1 text-sm text-muted-foreground">{item.note}</p>
            </Card>
          ))}
        </aside>
      </section>

      <section className="border-t border-border bg-muted/50" aria-labelledby="faq-heading">
        <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
          <h2 id="faq-heading" className="text-center text-3xl font-bold tracking-tight">
            Frequently asked questions
          </h2>
          {/* <details> opens and closes without JavaScript. */}
          <div className="mt-8 space-y-3">
            {FAQ.map((item) => (
              <details key={item.question} className="group rounded-lg border border-border bg-card p-5 shadow-sm">
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-medium">
                  {item.question}
                  <span aria-hidden="true" className="text-xl text-primary transition-transform group-open:rotate-45">
                    +
                  </span>
                </summary>
                <p className="mt-3 text-sm leading-relaxed text-muted-foreground">{item.answer}</p>
              </details>
            ))}
          </div>
        </div>
      </section>

      <Toaster toast={actionData?.toast} />
    </>
  )
}
