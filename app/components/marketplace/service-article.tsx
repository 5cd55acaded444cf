import { useTranslation } from 'react-i18next'
import { useLanguage } from '~/components/i18n/use-formats'
import { useCategoryName } from '~/components/marketplace/category-name'
import { PLACEHOLDER_AVATAR, PLACEHOLDER_SERVICE_IMAGE } from '~/components/marketplace/placeholders'
import { Badge } from '~/components/ui/badge'
import { Link } from '~/components/ui/link'
import { descriptionFor } from '~/models/marketplace/description'
import type { ServiceDetail } from '~/models/marketplace/service'

/** A service's own page, left of its booking card: picture, description, what to expect, who gives it. */
export function ServiceArticle({ service }: { service: ServiceDetail }) {
  const { t } = useTranslation('marketplace')
  const language = useLanguage()
  const categoryName = useCategoryName()
  const practitionerName = `${service.practitioner.firstName} ${service.practitioner.lastName}`
  return (
    <article className="space-y-8">
      <img
        src={service.imageUrl ?? PLACEHOLDER_SERVICE_IMAGE}
        alt=""
        width={960}
        height={400}
        className="aspect-[12/5] w-full rounded-lg bg-muted object-cover"
      />
      <header className="space-y-3">
        <Badge tone="secondary" className="normal-case">
          {categoryName(service.category)}
        </Badge>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{service.name}</h1>
        <p className="text-lg text-muted-foreground">{descriptionFor(service, language)}</p>
      </header>

      {service.details.length ? (
        <section aria-labelledby="what-to-expect">
          <h2 id="what-to-expect" className="text-xl font-semibold">
            {t('service.whatToExpect')}
          </h2>
          <ul className="mt-3 space-y-2">
            {service.details.map((detail) => (
              <li key={detail} className="flex gap-2">
                <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-primary" />
                <span>{detail}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="practitioner">
        <h2 id="practitioner" className="text-xl font-semibold">
          {t('service.yourPractitioner')}
        </h2>
        <Link
          to={`/practitioners/${service.practitioner.id}`}
          className="mt-3 flex items-center gap-4 rounded-lg border border-border bg-card p-4 hover:bg-muted/50"
        >
          <img
            src={service.practitioner.profileImageUrl ?? PLACEHOLDER_AVATAR}
            alt=""
            width={56}
            height={56}
            className="size-14 rounded-full bg-muted object-cover"
          />
          <span>
            <span className="block font-semibold">{practitionerName}</span>
            {service.practitioner.title ? (
              <span className="block text-sm text-muted-foreground">{service.practitioner.title}</span>
            ) : null}
          </span>
        </Link>
      </section>
    </article>
  )
}
