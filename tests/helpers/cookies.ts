import { getToast, type Toast } from '~/lib/toast.server'

/** Cookie helpers: Set-Cookie headers from answers turned back into a `Cookie` header. */

export const SESSION_COOKIE = '__session'
export const TOAST_COOKIE = 'toast-session'

type Source = Response | string | string[] | null | undefined

function setCookieLines(source: Source): string[] {
  if (!source) return []
  if (source instanceof Response) return source.headers.getSetCookie()
  return Array.isArray(source) ? source : [source]
}

/** The Set-Cookie line for one cookie name, if the answer sets it. */
export function setCookieFor(source: Source, name: string) {
  return setCookieLines(source).find((line) => line.startsWith(`${name}=`))
}

function isCleared(line: string) {
  const attributes = line.split(';').map((part) => part.trim().toLowerCase())
  const value = line.split(';')[0]!.split('=').slice(1).join('=')
  return (
    value === '' ||
    attributes.includes('max-age=0') ||
    attributes.some((a) => a.startsWith('expires=') && new Date(a.slice(8)).getTime() <= Date.now())
  )
}

/** Whether the answer tells the browser to drop this cookie. */
export function clearsCookie(source: Source, name: string) {
  const line = setCookieFor(source, name)
  return line !== undefined && isCleared(line)
}

/** A browser's cookie store, reduced to names and values. */
export class CookieJar {
  private readonly values = new Map<string, string>()

  constructor(...sources: Source[]) {
    for (const source of sources) this.apply(source)
  }

  /** Takes in the Set-Cookie headers of an answer (a cleared cookie is removed). */
  apply(source: Source) {
    for (const line of setCookieLines(source)) {
      const pair = line.split(';')[0]!
      const index = pair.indexOf('=')
      const name = pair.slice(0, index).trim()
      if (isCleared(line)) this.values.delete(name)
      else this.values.set(name, pair.slice(index + 1))
    }
    return this
  }

  get(name: string) {
    return this.values.get(name)
  }

  delete(name: string) {
    this.values.delete(name)
    return this
  }

  /** The `Cookie` header a browser would send. */
  header() {
    return [...this.values].map(([name, value]) => `${name}=${value}`).join('; ')
  }
}

/** A `Cookie` header from Set-Cookie lines or answers. */
export function cookieHeader(...sources: Source[]) {
  return new CookieJar(...sources).header()
}

/** The toast an answer flashed, read back the way the next page reads it. */
export async function readToast(source: Source): Promise<Toast | null> {
  const line = setCookieFor(source, TOAST_COOKIE)
  if (!line) return null
  const { toast } = await getToast(new Request('http://localhost/', { headers: { Cookie: cookieHeader(line) } }))
  return toast
}
