import { beforeAll, describe, expect, test, vi } from 'vitest'
import { drizzleConnection } from '~/db/client.server'
import { ServiceFiltersSchema } from '~/models/marketplace/service-filters'
import { listServices } from '~/models/marketplace/service.server'
import { createListedPractitioner, insertService, updateServiceRow } from '../helpers'

/**
 * A search's ranking, and each page shown, are kept until the catalogue changes (listServices):
 * the same order as ranking again, pages cut from it, and a write that moves or changes a
 * service shows at once.
 */

const search = (page = 1, words = 'zephyr') =>
  listServices(ServiceFiltersSchema.parse({ search: words, page: String(page) }))
const ids: number[] = []

beforeAll(async () => {
  const practitioner = await createListedPractitioner()
  // Thirty alike matches (the same words, so relevance ties and popularity orders them) and
  // one whose name repeats the word, which ranks first.
  for (let i = 0; i < 30; i += 1) {
    const rating = (i % 5) + 0.5
    ids.push(insertService(practitioner.id, { name: `Zephyr breath ${i}`, rating, reviewCount: i }).id)
  }
  ids.push(insertService(practitioner.id, { name: 'Zephyr zephyr zephyr', rating: 1 }).id)
})

describe("a search's kept ranking", () => {
  test('orders by relevance, then popularity, across pages', () => {
    const first = search(1)
    const second = search(2)
    expect(first.total).toBe(31)
    const shown = [...first.services, ...second.services]
    expect(shown).toHaveLength(31)
    expect(shown[0]!.name).toBe('Zephyr zephyr zephyr')
    const rest = shown.slice(1)
    const byPopularity = [...rest].sort((a, b) => b.rating - a.rating || b.reviewCount - a.reviewCount || b.id - a.id)
    expect(rest.map((s) => s.id)).toEqual(byPopularity.map((s) => s.id))
  })

  test('a repeat runs no statement, and another of its pages one: the cards, without searching again', () => {
    search(1, 'breath')
    const prepare = vi.spyOn(drizzleConnection(), 'prepare')
    search(1, 'breath')
    expect(prepare).not.toHaveBeenCalled()
    search(2, 'breath')
    const statements = prepare.mock.calls.map(([text]) => String(text))
    prepare.mockRestore()
    expect(statements).toHaveLength(1)
    expect(statements[0]).not.toContain('services_fts')
  })

  test('a write that changes the order shows right after it', () => {
    const last = search(2).services.at(-1)!
    updateServiceRow(last.id, { rating: 5, reviewCount: 1000 })
    expect(search(1).services[1]!.id).toBe(last.id)
    updateServiceRow(last.id, { isListed: false })
    expect(search(1).total).toBe(30)
    expect([...search(1).services, ...search(2).services].map((s) => s.id)).not.toContain(last.id)
  })

  test('a kept page of the listing without a search shows a write at once', () => {
    const listing = () => listServices(ServiceFiltersSchema.parse({}))
    const first = listing().services[0]!
    updateServiceRow(first.id, { name: 'Zephyr renamed' })
    expect(listing().services[0]!.name).toBe('Zephyr renamed')
    updateServiceRow(first.id, { isListed: false })
    expect(listing().services.map((s) => s.id)).not.toContain(first.id)
  })
})
