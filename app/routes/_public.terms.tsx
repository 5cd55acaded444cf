import { createLegalSection, LegalDocument } from '~/components/legal-document'
import { Link } from '~/components/ui/link'
import type { MetaFunction } from '@remix-run/node'

export const meta: MetaFunction = () => [
  { title: 'Terms of Service — Solace' },
  { name: 'description', content: 'The terms that apply when you use Solace, as a client or as a practitioner.' },
]

const SECTIONS = [
  { id: 'agreement', title: 'Agreement to these terms' },
  { id: 'service', title: 'Description of the service' },
  { id: 'responsibilities', title: 'User responsibilities' },
  { id: 'medical-disclaimer', title: 'Medical disclaimer' },
  { id: 'payments', title: 'Payment terms' },
  { id: 'privacy', title: 'Privacy' },
  { id: 'liability', title: 'Limitation of liability' },
  { id: 'termination', title: 'Account termination' },
  { id: 'changes', title: 'Changes to these terms' },
  { id: 'contact', title: 'Contact' },
] as const

const Section = createLegalSection(SECTIONS)

export default function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      sections={SECTIONS}
      intro={
        <>
          These terms explain how Solace works and what clients, practitioners and Solace can expect of one another.
          Please read them carefully.
        </>
      }
    >
      <Section id="agreement">
        <p>
          By creating an account, booking a session or offering services on Solace, you agree to these Terms of Service
          and to our{' '}
          <Link to="/privacy" className="text-primary underline">
            Privacy Policy
          </Link>
          . If you do not agree, please do not use Solace.
        </p>
      </Section>

      <Section id="service">
        <p>
          Solace is a marketplace that connects people seeking wellness support (“clients”) with independent wellness
          practitioners (“practitioners”). Clients browse services and practitioners, book a time slot, pay online when
          a session is not free, and meet their practitioner in a one-on-one video session. Practitioners publish
          services and availability, hold sessions, keep their own patient records and are paid through a connected
          payment account.
        </p>
        <p>
          Practitioners are independent professionals, not employees or agents of Solace. Solace provides the platform;
          the care itself is provided by the practitioner.
        </p>
      </Section>

      <Section id="responsibilities">
        <h3 className="text-lg font-semibold">All users</h3>
        <ul>
          <li>Give accurate information and keep your account details up to date.</li>
          <li>Keep your password confidential; you are responsible for activity on your account.</li>
          <li>Treat others with respect. Harassment, discrimination and abusive messages are not allowed.</li>
          <li>Do not misuse Solace: no spam, scraping, attempts to break security or to avoid platform payments.</li>
        </ul>
        <h3 className="text-lg font-semibold">Practitioners</h3>
        <ul>
          <li>Hold, and keep current, the qualifications, licences and insurance your practice requires.</li>
          <li>Describe your services, prices and credentials honestly.</li>
          <li>Be on time for the sessions you accept, and honour the slots you publish.</li>
          <li>Keep client information confidential and meet the record-keeping rules of your profession.</li>
          <li>Refer clients to emergency or medical care when their needs go beyond your scope of practice.</li>
        </ul>
        <h3 className="text-lg font-semibold">Clients</h3>
        <ul>
          <li>Share the information your practitioner needs to help you safely.</li>
          <li>Join your sessions on time from a private, quiet place with a working connection.</li>
          <li>Cancel from your dashboard as early as you can if you are unable to attend.</li>
          <li>Leave reviews that are honest and based on your own sessions.</li>
        </ul>
      </Section>

      <Section id="medical-disclaimer">
        <p className="rounded-lg border border-accent/50 bg-accent-soft p-4 text-foreground">
          <strong>Solace does not give medical advice.</strong> Content on Solace and sessions with wellness
          practitioners are not a substitute for diagnosis or treatment by a physician or other licensed health
          professional. Always seek the advice of your doctor about a medical condition. If you think you may have a
          medical emergency, call your local emergency number immediately.
        </p>
      </Section>

      <Section id="payments">
        <ul>
          <li>All prices on Solace are shown and charged in Canadian dollars (CAD).</li>
          <li>Session fees are charged at the time of booking. Free sessions require no payment.</li>
          <li>
            Practitioners receive 95% of session fees and Solace keeps 5% as its platform fee. Practitioner earnings are
            transferred automatically to their connected payment account.
          </li>
          <li>
            Refunds follow our cancellation policy: a session cancelled 24 hours or more before its start time is
            refunded in full; a session cancelled less than 24 hours before its start is not refunded.
          </li>
          <li>Card payments are processed by our payment provider; Solace never stores your card number.</li>
        </ul>
      </Section>

      <Section id="privacy">
        <p>
          How we collect, use and protect personal and health information is described in our{' '}
          <Link to="/privacy" className="text-primary underline">
            Privacy Policy
          </Link>
          , which forms part of these terms.
        </p>
      </Section>

      <Section id="liability">
        <p>
          Solace is provided “as is”. To the fullest extent permitted by law, Solace is not liable for the advice,
          services or conduct of practitioners, who are independent professionals, nor for indirect or consequential
          losses arising from your use of the platform. Nothing in these terms limits rights you have under consumer
          protection law.
        </p>
      </Section>

      <Section id="termination">
        <p>
          You may delete your account at any time from your settings. We may suspend or close an account that breaks
          these terms, puts other users at risk or is used for fraud. Sessions already paid for will be handled under
          the cancellation policy above, and records we must keep by law (such as payment records) are kept for the
          required period.
        </p>
      </Section>

      <Section id="changes">
        <p>
          We may update these terms as Solace evolves. When we make a material change we will let you know by email
          before it takes effect. Continuing to use Solace after that date means you accept the updated terms.
        </p>
      </Section>

      <Section id="contact">
        <p>
          Questions about these terms? Contact our legal team at{' '}
          <a href="mailto:legal@solace.test" className="font-medium text-primary hover:underline">
            legal@solace.test
          </a>
          .
        </p>
      </Section>
    </LegalDocument>
  )
}
