import { useTranslation } from 'react-i18next'
import { createLegalSection, LegalDocument } from '~/components/legal-document'
import { RichText } from '~/components/marketplace/rich-text'
import { Link } from '~/components/ui/link'
import { metaT } from '~/lib/i18n/meta'
import type { MetaFunction } from '@remix-run/node'

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, 'legal')
  return [{ title: t('titles.privacy') }, { name: 'description', content: t('titles.privacyDescription') }]
}

/** The sections' anchors (the URL's fragments), in order; their titles are privacy.sections.* in the catalogue. */
const SECTIONS = [
  ['information-we-collect', 'informationWeCollect'],
  ['how-we-use-information', 'howWeUseInformation'],
  ['security', 'security'],
  ['sharing', 'sharing'],
  ['your-rights', 'yourRights'],
  ['health-information', 'healthInformation'],
  ['cookies', 'cookies'],
  ['contact', 'contact'],
  ['updates', 'updates'],
] as const

const Section = createLegalSection(SECTIONS.map(([id]) => id))

/** The lists' items, by their keys in the catalogue. */
const COLLECTED = ['account', 'profiles', 'bookings', 'messages', 'technical'] as const
const USES = ['account', 'sessions', 'emails', 'protect', 'improve'] as const
const SHARED_WITH = ['practitioner', 'providers', 'legal'] as const
const RIGHTS = ['see', 'delete', 'copy', 'object'] as const
const HEALTH_PROTECTIONS = ['own', 'encrypted', 'audit', 'private'] as const

const strong = { strong: <strong /> }
/** An address as a mail link (the catalogue's text puts the same address inside). */
const emailLink = (address: string) => (
  <a href={`mailto:${address}`} className="font-medium text-primary hover:underline">
    {address}
  </a>
)

export default function PrivacyPage() {
  const { t } = useTranslation('legal')
  const sections = SECTIONS.map(([id, key]) => ({ id, title: t(`privacy.sections.${key}`) }))
  return (
    <LegalDocument title={t('privacy.title')} sections={sections} intro={t('privacy.intro')}>
      <Section id="information-we-collect">
        <p>{t('privacy.collect.intro')}</p>
        <ul>
          {COLLECTED.map((item) => (
            <li key={item}>
              <RichText text={t(`privacy.collect.items.${item}`)} components={strong} />
            </li>
          ))}
        </ul>
      </Section>

      <Section id="how-we-use-information">
        <p>{t('privacy.use.intro')}</p>
        <ul>
          {USES.map((item) => (
            <li key={item}>{t(`privacy.use.items.${item}`)}</li>
          ))}
        </ul>
        <p>{t('privacy.use.noSale')}</p>
      </Section>

      <Section id="security">
        <p>{t('privacy.security.measures')}</p>
        <p>{t('privacy.security.incidents')}</p>
      </Section>

      <Section id="sharing">
        <p>{t('privacy.sharing.intro')}</p>
        <ul>
          {SHARED_WITH.map((item) => (
            <li key={item}>
              <RichText text={t(`privacy.sharing.items.${item}`)} components={strong} />
            </li>
          ))}
        </ul>
      </Section>

      <Section id="your-rights">
        <p>{t('privacy.rights.intro')}</p>
        <ul>
          {RIGHTS.map((item) => (
            <li key={item}>{t(`privacy.rights.items.${item}`)}</li>
          ))}
        </ul>
        <p>
          <RichText
            text={t('privacy.rights.writeToUs')}
            components={{
              contact: (
                <a href="#contact" className="text-primary underline">
                  {sections.find((section) => section.id === 'contact')?.title}
                </a>
              ),
            }}
          />
        </p>
      </Section>

      <Section id="health-information">
        <p>{t('privacy.health.intro')}</p>
        <ul>
          {HEALTH_PROTECTIONS.map((item) => (
            <li key={item}>{t(`privacy.health.items.${item}`)}</li>
          ))}
        </ul>
        <p>{t('privacy.health.responsibility')}</p>
      </Section>

      <Section id="cookies">
        <p>{t('privacy.cookies')}</p>
      </Section>

      <Section id="contact">
        <p>
          <RichText text={t('privacy.contact.privacy')} components={{ email: emailLink('privacy@solace.test') }} />
        </p>
        <p>
          <RichText
            text={t('privacy.contact.support')}
            components={{
              email: emailLink('support@solace.test'),
              contact: <Link to="/contact" className="font-medium text-primary hover:underline" />,
            }}
          />
        </p>
      </Section>

      <Section id="updates">
        <p>{t('privacy.updates')}</p>
      </Section>
    </LegalDocument>
  )
}
