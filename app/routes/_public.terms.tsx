import { useTranslation } from 'react-i18next'
import { createLegalSection, LegalDocument } from '~/components/legal-document'
import { RichText } from '~/components/marketplace/rich-text'
import { Link } from '~/components/ui/link'
import { metaT } from '~/lib/i18n/meta'
import type { MetaFunction } from '@remix-run/node'

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, 'legal')
  return [{ title: t('titles.terms') }, { name: 'description', content: t('titles.termsDescription') }]
}

/** The sections' anchors (the URL's fragments), in order; their titles are terms.sections.* in the catalogue. */
const SECTIONS = [
  ['agreement', 'agreement'],
  ['service', 'service'],
  ['responsibilities', 'responsibilities'],
  ['medical-disclaimer', 'medicalDisclaimer'],
  ['payments', 'payments'],
  ['privacy', 'privacy'],
  ['liability', 'liability'],
  ['termination', 'termination'],
  ['changes', 'changes'],
  ['contact', 'contact'],
] as const

const Section = createLegalSection(SECTIONS.map(([id]) => id))

/** Each group's duties, by their keys in the catalogue (terms.responsibilities.<group>.items.*). */
const ALL_USERS = ['accurate', 'password', 'respect', 'misuse'] as const
const PRACTITIONERS = ['qualifications', 'honest', 'onTime', 'confidential', 'refer'] as const
const CLIENTS = ['share', 'join', 'cancel', 'reviews'] as const
const PAYMENTS = ['cad', 'charged', 'fees', 'refunds', 'cards'] as const

const privacyLink = <Link to="/privacy" className="text-primary underline" />

export default function TermsPage() {
  const { t } = useTranslation('legal')
  const sections = SECTIONS.map(([id, key]) => ({ id, title: t(`terms.sections.${key}`) }))
  return (
    <LegalDocument title={t('terms.title')} sections={sections} intro={t('terms.intro')}>
      <Section id="agreement">
        <p>
          <RichText text={t('terms.agreement')} components={{ privacy: privacyLink }} />
        </p>
      </Section>

      <Section id="service">
        <p>{t('terms.service.marketplace')}</p>
        <p>{t('terms.service.independent')}</p>
      </Section>

      <Section id="responsibilities">
        <h3 className="text-lg font-semibold">{t('terms.responsibilities.allUsers.title')}</h3>
        <ul>
          {ALL_USERS.map((item) => (
            <li key={item}>{t(`terms.responsibilities.allUsers.items.${item}`)}</li>
          ))}
        </ul>
        <h3 className="text-lg font-semibold">{t('terms.responsibilities.practitioners.title')}</h3>
        <ul>
          {PRACTITIONERS.map((item) => (
            <li key={item}>{t(`terms.responsibilities.practitioners.items.${item}`)}</li>
          ))}
        </ul>
        <h3 className="text-lg font-semibold">{t('terms.responsibilities.clients.title')}</h3>
        <ul>
          {CLIENTS.map((item) => (
            <li key={item}>{t(`terms.responsibilities.clients.items.${item}`)}</li>
          ))}
        </ul>
      </Section>

      <Section id="medical-disclaimer">
        <p className="rounded-lg border border-accent/50 bg-accent-soft p-4 text-foreground">
          <RichText text={t('terms.medicalDisclaimer')} components={{ strong: <strong /> }} />
        </p>
      </Section>

      <Section id="payments">
        <ul>
          {PAYMENTS.map((item) => (
            <li key={item}>{t(`terms.payments.${item}`)}</li>
          ))}
        </ul>
      </Section>

      <Section id="privacy">
        <p>
          <RichText text={t('terms.privacy')} components={{ privacy: privacyLink }} />
        </p>
      </Section>

      <Section id="liability">
        <p>{t('terms.liability')}</p>
      </Section>

      <Section id="termination">
        <p>{t('terms.termination')}</p>
      </Section>

      <Section id="changes">
        <p>{t('terms.changes')}</p>
      </Section>

      <Section id="contact">
        <p>
          <RichText
            text={t('terms.contact')}
            components={{
              email: (
                <a href="mailto:legal@solace.test" className="font-medium text-primary hover:underline">
                  legal@solace.test
                </a>
              ),
            }}
          />
        </p>
      </Section>
    </LegalDocument>
  )
}
