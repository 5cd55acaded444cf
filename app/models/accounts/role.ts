/** Roles and where each lands (no zod here: the header imports it on every page). */

export type Role = 'admin' | 'practitioner' | 'client'

export function roleOf(user: { isAdmin: boolean; isPractitioner: boolean }): Role {
  if (user.isAdmin) return 'admin'
  if (user.isPractitioner) return 'practitioner'
  return 'client'
}

/** Where each role lands after logging in. */
export function dashboardPath(user: { isAdmin: boolean; isPractitioner: boolean }) {
  return {
    admin: '/admin/dashboard',
    practitioner: '/practitioner/dashboard',
    client: '/client-dashboard',
  }[roleOf(user)]
}
