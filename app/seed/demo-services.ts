import { services } from '~/db/schema'
import { DAY_MS } from '~/lib/zoned-time'
import type { TaxKind } from '~/models/billing/tax'
import { CATEGORY_IMAGES, MEETING_HOST, SERVICES, type Category } from './data/services'
import type { SeededPerson } from './demo-people'
import type { Tx } from './types'

export interface SeededService {
  id: number
  key: string
  practitionerId: number
  practitionerKey: string
  name: string
  category: Category
  priceCents: number
  taxKind: TaxKind
  durationMinutes: number
  isActive: boolean
  createdAt: Date
}

/** Inserts the service catalogue; each service is created a few days after its owner joined. */
export function insertDemoServices(tx: Tx, people: Map<string, SeededPerson>, now: Date) {
  const seeded = new Map<string, SeededService>()
  SERVICES.forEach((service, index) => {
    const owner = people.get(service.practitioner)
    if (!owner) throw new Error(`Service ${service.key} names unknown practitioner ${service.practitioner}`)
    const created = new Date(Math.min(now.getTime() - DAY_MS, owner.joinedAt.getTime() + (2 + (index % 5)) * DAY_MS))
    const isActive = service.isActive ?? true
    const taxKind = service.taxKind ?? 'none'
    const row = tx
      .insert(services)
      .values({
        practitionerId: owner.id,
        name: service.name,
        description: service.description,
        category: service.category,
        priceCents: service.priceCents,
        taxKind,
        durationMinutes: service.durationMinutes,
        imageUrl: CATEGORY_IMAGES[service.category],
        meetingLink: `${MEETING_HOST}/${service.key}`,
        details: service.details,
        isActive,
        isFreeIntro: service.isFreeIntro ?? false,
        createdAt: created,
        updatedAt: created,
      })
      .returning({ id: services.id })
      .get()
    seeded.set(service.key, {
      id: row.id,
      key: service.key,
      practitionerId: owner.id,
      practitionerKey: owner.key,
      name: service.name,
      category: service.category,
      priceCents: service.priceCents,
      taxKind,
      durationMinutes: service.durationMinutes,
      isActive,
      createdAt: created,
    })
  })
  return seeded
}
