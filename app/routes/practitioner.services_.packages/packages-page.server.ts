import { parseWithZod } from '@conform-to/zod/v4'
import { data } from '@remix-run/node'
import {
  CREATE_PACKAGE_INTENT,
  DELETE_PACKAGE_INTENT,
  PACKAGES_PATH,
  REFUND_PACKAGE_INTENT,
  UPDATE_PACKAGE_INTENT,
} from '~/components/practice/package-links'
import { DEFAULT_TIME_ZONE } from '~/lib/dates'
import { AppError } from '~/lib/errors'
import { readForm } from '~/lib/form-data.server'
import { formId, refusalOf, unknownForm } from '~/lib/forms.server'
import { formatsFor } from '~/lib/i18n/formats'
import { currentLanguage } from '~/lib/i18n/i18n.server'
import { msg } from '~/lib/i18n/message'
import { dollarsToCents } from '~/lib/money'
import { idFromParam } from '~/lib/route-params'
import { redirectWithToast } from '~/lib/toast.server'
import type { requirePractitioner } from '~/models/accounts/auth.server'
import { soldPackageCards } from '~/models/packages/holdings.server'
import {
  HOLDING_NOT_FOUND,
  PACKAGE_ADDED,
  PACKAGE_DELETED,
  PACKAGE_NOT_FOUND,
  PACKAGE_RETIRED,
  PACKAGE_UPDATED,
  PackageFormSchema,
  PackageSchema,
  RETIRED_KEEP_SESSIONS,
  SESSIONS_REFUNDED,
  sessionsRefundedDescription,
} from '~/models/packages/package'
import { perSessionCents, savingPerSessionCents } from '~/models/packages/package-money'
import { refundUnusedSessions } from '~/models/packages/package-refunds.server'
import { createPackage, deletePackage, listOwnPackages, updatePackage } from '~/models/packages/packages.server'
import { listOwnServices } from '~/models/practice/services.server'

type Practitioner = Awaited<ReturnType<typeof requirePractitioner>>

/**
 * The Packages screen (`/practitioner/services/packages`): each paid service with its packages,
 * and the packages sold with their balances. Forms and confirmations are URL state (`?edit=`,
 * `?delete=`, `?refund=`), so everything works without JavaScript. The same model functions
 * and schemas as `/api/packages` and `/api/package-holdings/:id/refund`. Money and dates in the
 * practitioner's language.
 */
export function loadPackagesPage(user: Practitioner, request: Request) {
  const params = new URL(request.url).searchParams
  const zone = user.timeZone ?? DEFAULT_TIME_ZONE
  const { money, number } = formatsFor(currentLanguage())
  const own = listOwnPackages(user.id)
  const services = listOwnServices(user.id)
    .filter((service) => service.price > 0)
    .map((service) => ({
      id: service.id,
      name: service.name,
      price: money(dollarsToCents(service.price)),
      packages: own
        .filter((p) => p.serviceId === service.id)
        .map((p) => ({
          id: p.id,
          sessions: p.sessions,
          price: p.priceCents / 100,
          expiresInMonths: p.expiresInMonths,
          active: p.active,
          held: p.held,
          priceLabel: money(p.priceCents),
          perSession: money(perSessionCents(p.priceCents, p.sessions)),
          saving: savingPerSessionCents(p.servicePriceCents, p.priceCents, p.sessions),
          savingLabel: number(savingPerSessionCents(p.servicePriceCents, p.priceCents, p.sessions) / 100, 2),
        })),
    }))
  const sold = soldPackageCards(user.id, zone)

  return {
    services,
    sold,
    editing: idFromParam(params.get('edit') ?? undefined),
    deleting: idFromParam(params.get('delete') ?? undefined),
    refunding: idFromParam(params.get('refund') ?? undefined),
  }
}

/** A refused form: its message, what was typed, and which form it was (the page shows them by it). */
function formRefusal(intent: string, formData: FormData, error: unknown) {
  const reason = refusalOf(error)
  return data(
    {
      intent,
      serviceId: String(formData.get('serviceId') ?? ''),
      packageId: String(formData.get('packageId') ?? ''),
      values: {
        sessions: String(formData.get('sessions') ?? ''),
        price: String(formData.get('price') ?? ''),
        expiresInMonths: String(formData.get('expiresInMonths') ?? ''),
      },
      message: reason.message,
    },
    { status: reason.status },
  )
}

function firstError(error: Record<string, string[] | null> | null | undefined) {
  return (
    Object.values(error ?? {})
      .flat()
      .find(Boolean) ?? msg('packages:errors.checkForm')
  )
}

export async function packagesAction(user: Practitioner, request: Request) {
  const formData = await readForm(request)
  const intent = String(formData.get('intent') ?? '')
  try {
    switch (intent) {
      case CREATE_PACKAGE_INTENT: {
        const submission = parseWithZod(formData, { schema: PackageSchema })
        if (submission.status !== 'success') throw new AppError(firstError(submission.error), 400)
        createPackage(user.id, submission.value)
        return redirectWithToast(PACKAGES_PATH, { type: 'success', title: PACKAGE_ADDED })
      }
      case UPDATE_PACKAGE_INTENT: {
        const submission = parseWithZod(formData, { schema: PackageFormSchema })
        if (submission.status !== 'success') throw new AppError(firstError(submission.error), 400)
        updatePackage(user.id, formId(formData, 'packageId', PACKAGE_NOT_FOUND), submission.value)
        return redirectWithToast(PACKAGES_PATH, { type: 'success', title: PACKAGE_UPDATED })
      }
      case DELETE_PACKAGE_INTENT: {
        const outcome = deletePackage(user.id, formId(formData, 'packageId', PACKAGE_NOT_FOUND))
        return redirectWithToast(PACKAGES_PATH, {
          type: 'success',
          title: outcome === 'retired' ? PACKAGE_RETIRED : PACKAGE_DELETED,
          ...(outcome === 'retired' ? { description: RETIRED_KEEP_SESSIONS } : {}),
        })
      }
      case REFUND_PACKAGE_INTENT:
        return await refundAction(user, formData)
      default:
        throw unknownForm()
    }
  } catch (error) {
    return formRefusal(intent, formData, error)
  }
}

async function refundAction(user: Practitioner, formData: FormData) {
  const refund = await refundUnusedSessions(user.id, formId(formData, 'holdingId', HOLDING_NOT_FOUND))
  return redirectWithToast(PACKAGES_PATH, {
    type: 'success',
    title: SESSIONS_REFUNDED,
    description: sessionsRefundedDescription(
      refund.sessionsRefunded,
      formatsFor(currentLanguage()).money(refund.refundCents),
    ),
  })
}
