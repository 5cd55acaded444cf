import fs from 'node:fs'
import path from 'node:path'
import { ROOT } from './replica-cluster'

/**
 * Every route of the app (app/routes, read as app/routes.ts reads it) with its full URL
 * pattern and whether its module exports a loader or an action, read from the source so the
 * route modules are never loaded in this process.
 */
export type RouteEntry = { id: string; file: string; pattern: string; loader: boolean; action: boolean }

const exports = (source: string, name: string) =>
  new RegExp(`export\\s+(async\\s+)?function\\s+${name}\\b|export\\s+(const|let)\\s+${name}\\b`).test(source)

export async function appRoutes(): Promise<RouteEntry[]> {
  const { UNSAFE_flatRoutes: flatRoutes } = await import('@remix-run/dev')
  const appDir = path.join(ROOT, 'app')
  const manifest: Record<string, { id: string; parentId?: string; path?: string; file: string }> = {
    root: { id: 'root', path: '', file: 'root.tsx' },
    ...flatRoutes(appDir, ['**/*.test.{ts,tsx}', '**/.*'], 'routes'),
  }
  return Object.values(manifest).map((route) => {
    const segments: string[] = []
    for (let r: typeof route | undefined = route; r; r = r.parentId ? manifest[r.parentId] : undefined) {
      if (r.path) segments.unshift(r.path)
    }
    const source = fs.readFileSync(path.join(appDir, route.file), 'utf8')
    return {
      id: route.id,
      file: `app/${route.file}`,
      pattern: `/${segments.join('/')}`.replace(/\/+/g, '/'),
      loader: exports(source, 'loader'),
      action: exports(source, 'action'),
    }
  })
}

/** `/a/:id/b` with `{ id: '7' }` → `/a/7/b` (`*` for a splat). */
export function fill(pattern: string, values: Record<string, string | number>) {
  return pattern.replace(/:(\w+)\??|\*/g, (whole, name: string | undefined) => {
    const value = values[name ?? '*']
    if (value === undefined) throw new Error(`No value for ${whole} in ${pattern}`)
    return encodeURIComponent(String(value))
  })
}
