import { useTranslation } from 'react-i18next'
import { ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Link } from '~/components/ui/link'
import { PRACTITIONER_WAITLIST_PATH, WAITLIST_PATH } from '~/models/waitlist/waitlist-links'

/** The client dashboard's notice: times from their waitlists held for them now (worded by the loader). */
export function OfferNotice({ offers }: { offers: { id: number; text: string }[] }) {
  const { t } = useTranslation('waitlist')
  if (!offers.length) return null
  return (
    <Card role="status" aria-label={t('mine.heldLabel')} className="space-y-3 border-primary p-5">
      <p className="font-semibold">{t('notices.offersTitle', { count: offers.length })}</p>
      <ul className="space-y-1 text-sm">
        {offers.map((offer) => (
          <li key={offer.id}>{offer.text}</li>
        ))}
      </ul>
      <ButtonLink to={`${WAITLIST_PATH}#offers`} size="sm">
        {t('notices.seeAndBook')}
      </ButtonLink>
    </Card>
  )
}

/** The practitioner dashboard's notice: times their waitlists filled this week (worded by the loader). */
export function FilledNotice({ fills }: { fills: { bookingId: number | null; text: string }[] }) {
  const { t } = useTranslation('waitlist')
  if (!fills.length) return null
  return (
    <Card role="status" aria-label={t('notices.filledLabel')} className="space-y-2 p-5">
      <p className="font-semibold">{t('notices.filledTitle')}</p>
      <ul className="space-y-1 text-sm">
        {fills.map((fill) => (
          <li key={fill.bookingId}>{fill.text}</li>
        ))}
      </ul>
      <Link to={PRACTITIONER_WAITLIST_PATH} className="text-sm underline">
        {t('offer.yourWaitlists')}
      </Link>
    </Card>
  )
}
