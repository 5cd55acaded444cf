// @ts-check
import { expect, test } from 'vitest'
import { NO_ROUTE, routeIdOf } from './route-ids.js'

/** A build's flat route manifest, as Remix's Vite plugin writes it (the fields matching reads). */
const build = /** @type {Parameters<typeof routeIdOf>[0]} */ (
  /** @type {unknown} */ ({
    routes: {
      root: { id: 'root', path: '' },
      'routes/_public': { id: 'routes/_public', parentId: 'root' },
      'routes/_public._index': { id: 'routes/_public._index', parentId: 'routes/_public', index: true },
      'routes/_public.services.$id': {
        id: 'routes/_public.services.$id',
        parentId: 'routes/_public',
        path: 'services/:id',
      },
      'routes/_public.$': { id: 'routes/_public.$', parentId: 'routes/_public', path: '*' },
      'routes/practitioner': { id: 'routes/practitioner', parentId: 'root', path: 'practitioner' },
      'routes/practitioner._index': { id: 'routes/practitioner._index', parentId: 'routes/practitioner', index: true },
      'routes/practitioner.patient-charting': {
        id: 'routes/practitioner.patient-charting',
        parentId: 'routes/practitioner',
        path: 'patient-charting',
      },
      'routes/api.bookings.$id._index': {
        id: 'routes/api.bookings.$id._index',
        parentId: 'root',
        path: 'api/bookings/:id',
      },
    },
  })
)

test("a request is labelled by its deepest route's id, never by its URL", () => {
  expect(routeIdOf(build, '/')).toBe('routes/_public._index')
  expect(routeIdOf(build, '/services/42')).toBe('routes/_public.services.$id')
  expect(routeIdOf(build, '/api/bookings/7')).toBe('routes/api.bookings.$id._index')
  expect(routeIdOf(build, '/practitioner')).toBe('routes/practitioner._index')
  expect(routeIdOf(build, '/practitioner/patient-charting')).toBe('routes/practitioner.patient-charting')
  expect(routeIdOf(build, '/no/such/page')).toBe('routes/_public.$')
})

test('a single-fetch data request is labelled by the page it loads', () => {
  expect(routeIdOf(build, '/services/42.data')).toBe('routes/_public.services.$id')
  expect(routeIdOf(build, '/_root.data')).toBe('routes/_public._index')
  expect(routeIdOf(build, '/practitioner/patient-charting.data')).toBe('routes/practitioner.patient-charting')
})

test('a path no route takes, or that cannot be read, says so', () => {
  const apiOnly = /** @type {Parameters<typeof routeIdOf>[0]} */ (
    /** @type {unknown} */ ({
      routes: { root: { id: 'root', path: '' }, 'routes/a': { id: 'routes/a', parentId: 'root', path: 'a' } },
    })
  )
  expect(routeIdOf(apiOnly, '/b')).toBe(NO_ROUTE)
  expect(routeIdOf(apiOnly, '/%E0%A4%A')).toBe(NO_ROUTE)
})
