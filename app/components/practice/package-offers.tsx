import { Form } from '@remix-run/react'
import { Badge } from '~/components/ui/badge'
import { Button, ButtonLink } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Input, Label } from '~/components/ui/input'
import { Link } from '~/components/ui/link'
import { MAX_EXPIRY_MONTHS, MAX_SESSIONS, MIN_SESSIONS, packageTerms } from '~/models/packages/package'
import { CREATE_PACKAGE_INTENT, DELETE_PACKAGE_INTENT, packagesHref, UPDATE_PACKAGE_INTENT } from './package-links'

export type OfferRow = {
  id: number
  sessions: number
  price: number
  expiresInMonths: number
  active: boolean
  held: boolean
  priceLabel: string
  perSession: string
  /** Cents saved per session against the service's price (0: none). */
  saving: number
}

export type ServicePackages = { id: number; name: string; price: string; packages: OfferRow[] }

/** A refused form, with what was typed, shown again on the form it came from. */
export type PackageFormReply = {
  intent: string
  serviceId: string
  packageId: string
  values: { sessions: string; price: string; expiresInMonths: string }
  message: string
} | null

function TermsFields({
  values,
  idPrefix,
}: {
  values: { sessions: string; price: string; expiresInMonths: string }
  idPrefix: string
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <div className="space-y-1">
        <Label htmlFor={`${idPrefix}-sessions`}>Sessions</Label>
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
        <Label htmlFor={`${idPrefix}-price`}>Price for all (CAD, before tax)</Label>
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
        <Label htmlFor={`${idPrefix}-months`}>Valid for (months)</Label>
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
  const failed = reply?.intent === UPDATE_PACKAGE_INTENT && reply.packageId === String(offer.id) ? reply : null
  return (
    <li className="space-y-3 rounded-md border border-border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <p className="font-medium">{`${packageTerms(offer)} · ${offer.priceLabel}`}</p>
          <p className="text-sm text-muted-foreground">
            {`${offer.perSession} a session`}
            {offer.saving > 0 ? ` · saves $${(offer.saving / 100).toFixed(2)} a session` : ''}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <Badge tone={offer.active ? 'success' : 'outline'}>{offer.active ? 'Active' : 'Off'}</Badge>
          <ButtonLink to={packagesHref({ edit: offer.id })} variant="outline" size="sm" preventScrollReset>
            Edit
          </ButtonLink>
          <ButtonLink to={packagesHref({ delete: offer.id })} variant="outline" size="sm" preventScrollReset>
            Delete
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
            <input type="checkbox" name="active" defaultChecked={offer.active} /> Offered to clients
          </label>
          {failed ? (
            <p className="text-sm text-destructive" role="alert">
              {failed.message}
            </p>
          ) : null}
          <div className="flex gap-2">
            <Button type="submit" size="sm">
              Save package
            </Button>
            <Link to={packagesHref()} className="self-center text-sm underline">
              Cancel
            </Link>
          </div>
        </Form>
      ) : null}
      {deleting ? (
        <Form method="post" className="space-y-2 rounded-md bg-muted p-3" preventScrollReset>
          <input type="hidden" name="intent" value={DELETE_PACKAGE_INTENT} />
          <input type="hidden" name="packageId" value={offer.id} />
          <p className="text-sm">
            {offer.held
              ? 'Someone bought this package: it will be retired (no longer offered), and they keep their sessions.'
              : 'Delete this package?'}
          </p>
          <div className="flex gap-2">
            <Button type="submit" size="sm" variant="destructive">
              {offer.held ? 'Retire package' : 'Delete package'}
            </Button>
            <Link to={packagesHref()} className="self-center text-sm underline">
              Keep it
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
  const failed = reply?.intent === CREATE_PACKAGE_INTENT && reply.serviceId === String(service.id) ? reply : null
  return (
    <Card role="region" aria-label={service.name}>
      <CardHeader>
        <CardTitle>{service.name}</CardTitle>
        <CardDescription>{`${service.price} a session`}</CardDescription>
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
          <p className="text-sm text-muted-foreground">No packages for this service yet.</p>
        )}
        <Form method="post" className="space-y-3 border-t border-border pt-4" preventScrollReset>
          <h3 className="text-sm font-semibold">Add a package</h3>
          <input type="hidden" name="intent" value={CREATE_PACKAGE_INTENT} />
          <input type="hidden" name="serviceId" value={service.id} />
          <TermsFields
            idPrefix={`new-${service.id}`}
            values={failed?.values ?? { sessions: '5', price: '', expiresInMonths: '6' }}
          />
          {failed ? (
            <p className="text-sm text-destructive" role="alert">
              {failed.message}
            </p>
          ) : null}
          <Button type="submit" size="sm">
            Add package
          </Button>
        </Form>
      </CardContent>
    </Card>
  )
}
