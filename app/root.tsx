import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url'
import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from '@remix-run/react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { PageCatalogueScript } from '~/components/i18n/page-catalogues'
import type { RootData } from '~/components/layout/root-data'
import { markPageHydrated } from '~/components/lazy-component'
import { Toaster } from '~/components/toaster'
import { browserErrorReportingScript } from '~/lib/error-reporting.server'
import { requestLanguage } from '~/lib/i18n/language.server'
import { DEFAULT_LANGUAGE, isLanguage, LOCALE_TAGS } from '~/lib/i18n/languages'
import { metaT } from '~/lib/i18n/meta'
import { useScriptMark } from '~/lib/script-mark'
import { viewerTimeZone } from '~/lib/time-zone.server'
import { getToast } from '~/lib/toast.server'
import { adoptZoneRules } from '~/lib/zone-rules-adopted'
import { zoneRulesFor } from '~/lib/zone-rules.server'
import { getUser } from '~/models/accounts/auth.server'
import { unreadMessageCount } from '~/models/messaging/conversations.server'
import { conversationOpenedBy } from '~/models/messaging/inbox'
import { opensConversationAsRead } from '~/models/messaging/inbox.server'
import stylesheet from '~/styles/tailwind.css?url'

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  // Fetched with the stylesheet rather than after it, so text rarely shows in a fallback first.
  { rel: 'preload', href: interLatin, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches)
  return [{ title: t('titles.home') }, { name: 'description', content: t('titles.homeDescription') }]
}

export async function loader({ request }: LoaderFunctionArgs) {
  const [user, { toast, headers }] = await Promise.all([getUser(request), getToast(request)])
  // The unread-message badges of every signed-in page, counted once here (admins have no inbox),
  // leaving out the conversation this page opens when the page reads it.
  const opened = opensConversationAsRead(request) ? conversationOpenedBy(new URL(request.url)) : null
  const unreadMessages = user && !user.isAdmin ? unreadMessageCount(user.id, { exceptFrom: opened }) : 0
  // The viewer's zone as the server's data has it: the browser reads every time with it (decision 034).
  const zoneRules = zoneRulesFor(viewerTimeZone(request, user))
  // The module that reports the browser's errors, when SENTRY_DSN is set (app/lib/error-reporting.ts).
  const errorReportingScript = browserErrorReportingScript()
  // The page's language: the person's choice, else the visitor's, else the browser's (decision 052).
  const language = requestLanguage(request, user)
  const shared: RootData = { user, unreadMessages, language }
  return data({ ...shared, toast, zoneRules, errorReportingScript }, { headers })
}

export type RootLoader = typeof loader

/**
 * Zod's object schemas probe for `new Function` (a faster parser) when they are made. Our CSP
 * forbids eval, so the probe fails quietly but the browser still records a CSP violation on
 * every page with a form. Jitless mode skips the probe; it must be set before the first schema
 * is made, i.e. before any module runs, and zod reads its settings from this global (shared by
 * every copy of zod). The server, where eval is allowed, keeps the faster parser.
 */
const ZOD_JITLESS_SCRIPT = `globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true})`

/**
 * Tells the server this browser's zone (the `tz` cookie, app/lib/time-zone.server.ts), as the
 * Epic Stack's client hints do. When the cookie was missing or said another zone, and the page
 * was shown in a zone other than the browser's for want of it (a first visit: a signed-in
 * person's own setting wins anyway), the page reloads once, before it has drawn, so the first
 * thing a visitor reads is in their own zone. A zone chosen on /time-zone is left alone. No
 * loop: a second load finds the cookie already set, and a browser that refuses cookies is not
 * reloaded.
 */
function writeTimeZoneScript(shownZone: string | null) {
  const reload = shownZone
    ? `if(z!==${JSON.stringify(shownZone).replace(/</g, '\\u003c')}&&navigator.cookieEnabled&&/(?:^|;\\s*)tz=/.test(document.cookie))location.reload()`
    : ''
  return `try{var z=Intl.DateTimeFormat().resolvedOptions().timeZone,c=document.cookie,m=/(?:^|;\\s*)tz=([^;]*)/.exec(c);if(z&&!/(?:^|;\\s*)tz-choice=/.test(c)&&(!m||decodeURIComponent(m[1])!==z)){document.cookie='tz='+encodeURIComponent(z)+';path=/;max-age=31536000;samesite=lax';${reload}}}catch(e){}`
}

/**
 * Written on the server alone: in the browser the script has already run before hydration, so
 * its text would only weigh on every page's JavaScript (the element is left as the server wrote it).
 */
const timeZoneScript = import.meta.env.SSR ? writeTimeZoneScript : () => ''

export function Layout({ children }: { children: React.ReactNode }) {
  const mark = useScriptMark()
  const { t, i18n } = useTranslation()
  const root = useRouteLoaderData<RootLoader>('root')
  // Before any child renders a time: the browser then prints what the server printed.
  if (root?.zoneRules) adoptZoneRules(root.zoneRules)
  // From here on, a form that loads on first use is rendered by a navigation, not hydrated.
  useEffect(markPageHydrated, [])
  return (
    <html lang={LOCALE_TAGS[isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE]}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {root?.errorReportingScript ? <script type="module" src={root.errorReportingScript} /> : null}
        <Links />
        <script
          nonce={mark}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{
            __html: timeZoneScript(root && !root.user ? (root.zoneRules?.zone ?? null) : null),
          }}
        />
        <script nonce={mark} dangerouslySetInnerHTML={{ __html: ZOD_JITLESS_SCRIPT }} />
      </head>
      <body className="min-h-screen font-sans" id="top">
        {/* The first stop of the keyboard: past the header and menus, straight to the page. */}
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-card px-4 py-2 font-medium shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          {t('layout.skipToContent')}
        </a>
        {children}
        {/* A landmark of its own, so the notifications are not content outside every region. */}
        <section aria-label={t('layout.notifications')}>
          <Toaster toast={root?.toast} />
        </section>
        <PageCatalogueScript />
        <ScrollRestoration nonce={mark} />
        <Scripts nonce={mark} />
      </body>
    </html>
  )
}

export default function App() {
  return <Outlet />
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
