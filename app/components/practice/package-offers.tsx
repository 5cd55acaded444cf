import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Badge } from '~/components/ui/badge'
import { Button, ButtonLink } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Input, Label } from '~/components/ui/input'
import { Link } from '~/components/ui/link'
import type { Namespace } from '~/lib/i18n/languages'
import { namespacesOf, translateMessage } from '~/lib/i18n/message'
import { MAX_EXPIRY_MONTHS, MAX_SESSIONS, MIN_SESSIONS } from '~/models/packages/package'
import { packageTerms } from '~/models/packages/package-words'
import { CREATE_PACKAGE_INTENT, DELETE_PACKAGE_INTENT, packagesHref, UPDATE_PACKAGE_INTENT } from './package-links'
import type { TFunction } from 'i18next'

export type OfferRow = {
  id: number
  sessions: number
  price: number
  expiresInMonths: number
  active: boolean
  held: boolean
  priceLabel: string
  perSession: string
  /** Cents saved per session against the service's price (0: none), and that number of dollars as the page writes it ('20.00'). */
  saving: number
  savingLabel: string
}

export type ServicePackages = { id: number; name: string; price: string; packages: OfferRow[] }

/** A refused form, with what was typed, shown again on the form it came from. */
export type PackageFormReply = {
  intent: string
  serviceId: string
  packageId: string
  values: { sessions: string; price: string; expiresInMonths: string }
  /** What was refused: a message (a catalogue key) shown in the page's language. */
  message: string
} | null

/** A refused form's message, in the page's language. */
function Refusal({ message }: { message: string }) {
  const { t } = useTranslation(namespacesOf([message]) as Namespace[])
  return (
    <p className="text-sm text-destructive" role="alert">
      {translateMessage(t as TFunction, message)}
    </p>
  )
}

function TermsFields({
  values,
  idPrefix,
}: {
  values: { sessions: string; price: string; expiresInMonths: string }
  idPrefix: string
}) {
  const { t } = useTranslation('packages')
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <div className="space-y-1">
        <Label htmlFor={`${idPrefix}-sessions`}>{t('form.sessions')}</Label>
        <Input
          id={`${idPrefix}-sessions`}
          name="sessions"
          type="number"
          min={MIN_SESSIONS}
          max={MAX_SESSIONS}
          required
          defaultValue={values.sessions}
        />
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${idPrefix}-price`}>{t('form.price')}</Label>
        <Input
          id={`${idPrefix}-price`}
          name="price"
          type="number"
          min="0.01"
          step="0.01"
          required
          defaultValue={values.price}
        />
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${idPrefix}-months`}>{t('form.months')}</Label>
        <Input
          id={`${idPrefix}-months`}
          name="expiresInMonths"
          type="number"
          min={1}
          max={MAX_EXPIRY_MONTHS}
          required
          defaultValue={values.expiresInMonths}
        />
      </div>
    </div>
  )
}

function OfferLine({
  offer,
  editing,
  deleting,
  reply,
}: {
  offer: OfferRow
  editing: boolean
  deleting: boolean
  reply: PackageFormReply
}) {
  const { t } = useTranslation('packages')
  const failed = reply?.intent === UPDATE_PACKAGE_INTENT && reply.packageId === String(offer.id) ? reply : null
  return (
    <li className="space-y-3 rounded-md border border-border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <p className="font-medium">
            {t('offerLine.terms', { terms: packageTerms(t, offer), price: offer.priceLabel })}
          </p>
          <p className="text-sm text-muted-foreground">
            {offer.saving > 0
              ? t('offerLine.perSessionSaving', { price: offer.perSession, saving: offer.savingLabel })
              : t('offerLine.perSession', { price: offer.perSession })}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <Badge tone={offer.active ? 'success' : 'outline'}>
            {t(offer.active ? 'offerLine.active' : 'offerLine.off')}
          </Badge>
          <ButtonLink to={packagesHref({ edit: offer.id })} variant="outline" size="sm" preventScrollReset>
            {t('offerLine.edit')}
          </ButtonLink>
          <ButtonLink to={packagesHref({ delete: offer.id })} variant="outline" size="sm" preventScrollReset>
            {t('offerLine.delete')}
          </ButtonLink>
        </div>
      </div>
      {editing || failed ? (
        <Form method="post" className="space-y-3" preventScrollReset>
          <input type="hidden" name="intent" value={UPDATE_PACKAGE_INTENT} />
          <input type="hidden" name="packageId" value={offer.id} />
          <TermsFields
            idPrefix={`edit-${offer.id}`}
            values={
              failed?.values ?? {
                sessions: String(offer.sessions),
                price: String(offer.price),
                expiresInMonths: String(offer.expiresInMonths),
              }
            }
          />
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="active" defaultChecked={offer.active} /> {t('form.offered')}
          </label>
          {failed ? <Refusal message={failed.message} /> : null}
          <div className="flex gap-2">
            <Button type="submit" size="sm">
              {t('form.save')}
            </Button>
            <Link to={packagesHref()} className="self-center text-sm underline">
              {t('form.cancel')}
            </Link>
          </div>
        </Form>
      ) : null}
      {deleting ? (
        <Form method="post" className="space-y-2 rounded-md bg-muted p-3" preventScrollReset>
          <input type="hidden" name="intent" value={DELETE_PACKAGE_INTENT} />
          <input type="hidden" name="packageId" value={offer.id} />
          <p className="text-sm">{t(offer.held ? 'confirmDelete.held' : 'confirmDelete.question')}</p>
          <div className="flex gap-2">
            <Button type="submit" size="sm" variant="destructive">
              {t(offer.held ? 'confirmDelete.retire' : 'confirmDelete.delete')}
            </Button>
            <Link to={packagesHref()} className="self-center text-sm underline">
              {t('confirmDelete.keep')}
            </Link>
          </div>
        </Form>
      ) : null}
    </li>
  )
}

/** A paid service's packages, each editable and deletable, and a form adding one. */
export function ServicePackagesCard({
  service,
  editing,
  deleting,
  reply,
}: {
  service: ServicePackages
  editing: number | null
  deleting: number | null
  reply: PackageFormReply
}) {
  const { t } = useTranslation('packages')
  const failed = reply?.intent === CREATE_PACKAGE_INTENT && reply.serviceId === String(service.id) ? reply : null
  return (
    <Card role="region" aria-label={service.name}>
      <CardHeader>
        <CardTitle>{service.name}</CardTitle>
        <CardDescription>{t('offerLine.perSession', { price: service.price })}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {service.packages.length ? (
          <ul className="space-y-3">
            {service.packages.map((offer) => (
              <OfferLine
                key={offer.id}
                offer={offer}
                editing={editing === offer.id}
                deleting={deleting === offer.id}
                reply={reply}
              />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{t('screen.noPackages')}</p>
        )}
        <Form method="post" className="space-y-3 border-t border-border pt-4" preventScrollReset>
          <h3 className="text-sm font-semibold">{t('form.addHeading')}</h3>
          <input type="hidden" name="intent" value={CREATE_PACKAGE_INTENT} />
          <input type="hidden" name="serviceId" value={service.id} />
          <TermsFields
            idPrefix={`new-${service.id}`}
            values={failed?.values ?? { sessions: '5', price: '', expiresInMonths: '6' }}
          />
          {failed ? <Refusal message={failed.message} /> : null}
          <Button type="submit" size="sm">
            {t('form.add')}
          </Button>
        </Form>
      </CardContent>
    </Card>
  )
}
