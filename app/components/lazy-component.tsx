import { memo, Suspense, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react'

/** The server's loads of every lazy component, awaited before a page renders (entry.server). */
const serverLoads: Promise<unknown>[] = []

/** Resolves once every lazy component is loaded on the server: pages are then rendered whole. */
export const lazyComponentsLoaded = () => Promise.all(serverLoads)

/** What a person doing any of these starts: a form's code loads while they type. */
const FIRST_USE = ['focusin', 'pointerdown', 'keydown', 'input'] as const

/** False until React has hydrated the server's page: the root layout's first effect says so. */
let pageHydrated = false
export const markPageHydrated = () => void (pageHydrated = true)

/**
 * A component whose code the browser fetches only when it is needed, so that it stays out of
 * a page's first load (docs/decisions/029 and 030):
 * - by default, when it first renders: a form only some viewers get, such as a signed-in
 *   client's question form on a practitioner's profile;
 * - with `hydrate: 'on-first-use'`, when someone first focuses, points at or types into it: the
 *   form of a public page (sign-in, contact...), whose conform and zod then load as they type.
 *
 * The server loads it at start-up, so the page's HTML always holds the component itself, never
 * a fallback that only a script could replace: without JavaScript it is the working form. In the
 * browser React hydrates the rest of the page; this part stays the server's HTML (a plain form
 * that posts as any form does) until its code has arrived, then React hydrates it in place,
 * keeping whatever was typed. Rendered later by a client-side navigation, it loads at once.
 * If its code cannot be fetched, a form used first stays the server's plain form, and its next
 * use tries again.
 *
 * The component is memoised: a parent re-rendering with the same props must not reach a part
 * React has not hydrated yet. An update that does reach it (new props, a context above it) is
 * held if it is a transition, as Remix's are, and otherwise makes React drop the server's HTML
 * for the fallback.
 */
export function lazyComponent<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  { hydrate = 'on-render' }: { hydrate?: 'on-render' | 'on-first-use' } = {},
) {
  let Loaded: ComponentType<Props> | undefined
  let failure: unknown
  let loading: Promise<void> | undefined
  let markLoaded = () => {}
  const loaded = new Promise<void>((resolve) => (markLoaded = resolve))
  const start = () =>
    (loading ??= load().then(
      (component) => {
        Loaded = component
        markLoaded()
      },
      (error: unknown) => {
        failure = error
        loading = undefined // the next use tries again
      },
    ))
  if (import.meta.env.SSR) serverLoads.push(start())

  function WhenLoaded({ waitForUse, ...props }: Props & { waitForUse: boolean }) {
    if (Loaded) return <Loaded {...(props as Props)} />
    // Waiting for a first use, even in a render that is not one (an update React holds until
    // this part is hydrated): only `LoadsOnFirstUse` starts the load.
    if (waitForUse) throw loaded
    if (failure) throw failure
    throw start() // Suspense: React renders this again once the load has ended, either way.
  }

  function LazyComponent(props: Props) {
    // Part of the server's page: wait for its first use. Rendered by a navigation: load it now.
    const [waitForUse] = useState(() => hydrate === 'on-first-use' && !pageHydrated)
    const boundary = (
      <Suspense fallback={null}>
        <WhenLoaded {...props} waitForUse={waitForUse} />
      </Suspense>
    )
    return waitForUse ? <LoadsOnFirstUse start={start}>{boundary}</LoadsOnFirstUse> : boundary
  }
  return memo(LazyComponent)
}

/** Starts loading once someone uses what it wraps (a `display: contents` box: no layout of its own). */
function LoadsOnFirstUse({ start, children }: { start: () => Promise<void>; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const element = box.current
    if (!element) return
    const onUse = () => void start()
    for (const type of FIRST_USE) element.addEventListener(type, onUse, { passive: true })
    return () => {
      for (const type of FIRST_USE) element.removeEventListener(type, onUse)
    }
  }, [start])
  return (
    <div ref={box} className="contents">
      {children}
    </div>
  )
}
