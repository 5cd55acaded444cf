/** Roles and where each lands (no zod here: the header imports it on every page). */

export type Role = 'admin' | 'practitioner' | 'client'

export function roleOf(user: { isAdmin: boolean; isPractitioner: boolean }): Role {
  if (user.isAdmin) return 'admin'
  if (user.isPractitioner) return 'practitioner'
  return 'client'
}

const DASHBOARDS: Record<Role, string> = {
  admin: '/admin/dashboard',
  practitioner: '/practitioner/dashboard',
  client: '/client-dashboard',
}

/** Where each role lands after logging in. */
export function dashboardPath(user: { isAdmin: boolean; isPractitioner: boolean }) {
  return DASHBOARDS[roleOf(user)]
}

/** Whether `pathname` is one of the roles' dashboards. */
export function isDashboardPath(pathname: string) {
  return Object.values(DASHBOARDS).includes(pathname)
}

const SETTINGS: Record<Role, string> = {
  admin: '/admin/dashboard',
  practitioner: '/practitioner/settings',
  client: '/customer-settings',
}

/** Each role's settings screen (an admin has none of their own: their dashboard). */
export function settingsPath(user: { isAdmin: boolean; isPractitioner: boolean }) {
  return SETTINGS[roleOf(user)]
}
