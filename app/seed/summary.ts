import type { Db } from '~/db/client.server'

export interface SeedCounts {
  users: number
  practitioners: number
  clients: number
  admins: number
  specialties: number
  services: number
  activeServices: number
  openFutureSlots: number
  bookedSlots: number
  bookings: Record<string, number>
  reviews: number
  messages: number
  contactMessages: number
  leads: number
  payouts: number
}

/** Row counts for the end-of-seed summary and for tests that compare runs. */
export function countRows(db: Db, now = new Date()): SeedCounts {
  const sqlite = db.$client
  const one = (sql: string, ...params: unknown[]) =>
    (sqlite
      .prepare(sql)
      .pluck()
      .get(...params) as number | undefined) ?? 0
  const bookingRows = sqlite
    .prepare('SELECT status, count(*) AS n FROM bookings GROUP BY status ORDER BY status')
    .all() as { status: string; n: number }[]
  return {
    users: one('SELECT count(*) FROM users'),
    practitioners: one('SELECT count(*) FROM users WHERE is_practitioner = 1'),
    clients: one('SELECT count(*) FROM users WHERE is_practitioner = 0 AND is_admin = 0'),
    admins: one('SELECT count(*) FROM users WHERE is_admin = 1'),
    specialties: one('SELECT count(*) FROM user_specialties'),
    services: one('SELECT count(*) FROM services'),
    activeServices: one('SELECT count(*) FROM services WHERE is_active = 1'),
    openFutureSlots: one('SELECT count(*) FROM time_slots WHERE is_booked = 0 AND start_time > ?', now.getTime()),
    bookedSlots: one('SELECT count(*) FROM time_slots WHERE is_booked = 1'),
    bookings: Object.fromEntries(bookingRows.map((row) => [row.status, row.n])),
    reviews: one('SELECT count(*) FROM reviews'),
    messages: one('SELECT count(*) FROM messages'),
    contactMessages: one('SELECT count(*) FROM contact_messages'),
    leads: one('SELECT count(*) FROM leads'),
    payouts: one('SELECT count(*) FROM payouts'),
  }
}

export function formatCounts(c: SeedCounts) {
  const bookings = Object.entries(c.bookings)
    .map(([status, n]) => `${n} ${status}`)
    .join(', ')
  return [
    `  users           ${c.users} (${c.practitioners} practitioners, ${c.clients} clients, ${c.admins} admins)`,
    `  specialties     ${c.specialties}`,
    `  services        ${c.services} (${c.activeServices} active)`,
    `  time slots      ${c.openFutureSlots} open upcoming, ${c.bookedSlots} booked`,
    `  bookings        ${bookings || 'none'}`,
    `  reviews         ${c.reviews}`,
    `  payouts         ${c.payouts}`,
    `  messages        ${c.messages} (+ ${c.contactMessages} contact messages, ${c.leads} leads)`,
  ].join('\n')
}
