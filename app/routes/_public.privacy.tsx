import { createLegalSection, LegalDocument } from '~/components/legal-document'
import { Link } from '~/components/ui/link'
import type { MetaFunction } from '@remix-run/node'

export const meta: MetaFunction = () => [
  { title: 'Privacy Policy — Solace' },
  { name: 'description', content: 'What Solace collects, why, how it is protected, and the choices you have.' },
]

const SECTIONS = [
  { id: 'information-we-collect', title: 'Information we collect' },
  { id: 'how-we-use-information', title: 'How we use your information' },
  { id: 'security', title: 'How we protect your information' },
  { id: 'sharing', title: 'When we share information' },
  { id: 'your-rights', title: 'Your rights and choices' },
  { id: 'health-information', title: 'Health information protections' },
  { id: 'cookies', title: 'Cookies' },
  { id: 'contact', title: 'Contact us' },
  { id: 'updates', title: 'Updates to this policy' },
] as const

const Section = createLegalSection(SECTIONS)

export default function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      sections={SECTIONS}
      intro={
        <>
          Your wellbeing is personal, and so is the information you share with us. This policy explains what Solace
          collects, why we collect it, how we keep it safe, and the choices you have.
        </>
      }
    >
      <Section id="information-we-collect">
        <p>We collect only what we need to run Solace and to help you book and hold sessions:</p>
        <ul>
          <li>
            <strong>Account details</strong>: your name, email address, phone number, country and password (stored only
            as a secure hash).
          </li>
          <li>
            <strong>Practitioner profiles</strong>: professional title, biography, specialties and profile photo, which
            are shown publicly to help clients choose.
          </li>
          <li>
            <strong>Bookings and payments</strong>: the services you book, session times, amounts paid and refunds. Card
            numbers are entered directly with our payment provider; we never see or store them.
          </li>
          <li>
            <strong>Messages and reviews</strong>: what you write to practitioners, to our team through the contact
            form, and the reviews you publish.
          </li>
          <li>
            <strong>Technical information</strong>: basic logs such as your IP address, browser type and the pages
            requested, used to keep the service secure and working.
          </li>
        </ul>
      </Section>

      <Section id="how-we-use-information">
        <p>We use your information to:</p>
        <ul>
          <li>create and manage your account and show your practitioner profile to clients;</li>
          <li>schedule sessions, take payments, pay practitioners and process refunds;</li>
          <li>send booking confirmations, cancellations, password resets and answers to your questions;</li>
          <li>protect Solace and its users from fraud, spam and abuse;</li>
          <li>understand how Solace is used so we can improve it.</li>
        </ul>
        <p>We do not sell your personal information, and we do not use your health information for advertising.</p>
      </Section>

      <Section id="security">
        <p>
          Every connection to Solace is encrypted. Passwords are stored with a memory-hard hashing algorithm, signed-in
          sessions can be ended from the server at any time, and access to our systems is limited to the people who need
          it to run the service. Payments are processed by a certified payment provider.
        </p>
        <p>
          No system is perfectly secure, but we review our safeguards regularly and will tell you promptly if an
          incident affects your information.
        </p>
      </Section>

      <Section id="sharing">
        <p>We share information only when it is needed to provide Solace or when the law requires it:</p>
        <ul>
          <li>
            <strong>With your practitioner</strong>: your name and booking details, so they can prepare for and hold
            your session.
          </li>
          <li>
            <strong>With service providers</strong> who work on our behalf, such as our payment provider, hosting, email
            delivery and, when a practitioner uses the AI assistant, our AI provider. They may use the information only
            to provide their service to us.
          </li>
          <li>
            <strong>For legal reasons</strong>: to comply with a valid legal request, or to protect the safety of our
            users or the public.
          </li>
        </ul>
      </Section>

      <Section id="your-rights">
        <p>You can, at any time:</p>
        <ul>
          <li>see and correct your account details in your settings;</li>
          <li>delete your account from your settings, which removes your profile and signs you out everywhere;</li>
          <li>ask us for a copy of the personal information we hold about you;</li>
          <li>object to or ask us to limit a particular use of your information.</li>
        </ul>
        <p>
          For anything you cannot do from your settings, write to us (see{' '}
          <a href="#contact" className="text-primary underline">
            Contact us
          </a>
          ). Some records, such as payment records, must be kept for the period the law requires.
        </p>
      </Section>

      <Section id="health-information">
        <p>
          Practitioners can keep patient records on Solace: profiles, session notes and documents. We protect them with
          extra care:
        </p>
        <ul>
          <li>
            each record is visible only to the practitioner who created it, never to other practitioners or clients;
          </li>
          <li>uploaded documents are encrypted at rest and downloaded only by their owner;</li>
          <li>every view, download and AI consultation of a record is written to an audit trail;</li>
          <li>notes marked private are never sent to the AI assistant or anyone else.</li>
        </ul>
        <p>
          Practitioners remain responsible for the records they keep under the rules of their profession. If you want to
          see or correct a record a practitioner holds about you, please contact them first; we will help if you cannot
          reach them.
        </p>
      </Section>

      <Section id="cookies">
        <p>
          Solace uses a small number of essential cookies: one that keeps you signed in, one that carries a short
          notification to the next page (such as “Message Sent!”), and one that remembers your time zone so session
          times are shown correctly. We do not use advertising or cross-site tracking cookies. Our payment provider may
          set its own cookies on its checkout pages to prevent fraud.
        </p>
      </Section>

      <Section id="contact">
        <p>
          Questions or requests about your privacy? Email{' '}
          <a href="mailto:privacy@solace.test" className="font-medium text-primary hover:underline">
            privacy@solace.test
          </a>{' '}
          and we will reply within 48 hours.
        </p>
        <p>
          For anything else, our support team is available Monday to Friday 9AM-6PM EST at{' '}
          <a href="mailto:support@solace.test" className="font-medium text-primary hover:underline">
            support@solace.test
          </a>{' '}
          or through our{' '}
          <Link to="/contact" className="font-medium text-primary hover:underline">
            contact page
          </Link>
          .
        </p>
      </Section>

      <Section id="updates">
        <p>
          We may update this policy as Solace grows. When we make a material change, we will email you at least 30 days
          before it takes effect, and the updated policy will always be available on this page.
        </p>
      </Section>
    </LegalDocument>
  )
}
