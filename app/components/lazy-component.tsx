import { Suspense, type ComponentType } from 'react'

/** The server's loads of every lazy component, awaited before a page renders (entry.server). */
const serverLoads: Promise<unknown>[] = []

/** Resolves once every lazy component is loaded on the server: pages are then rendered whole. */
export const lazyComponentsLoaded = () => Promise.all(serverLoads)

/**
 * A component whose code the browser fetches only when it first renders: a form only some
 * viewers get (a signed-in client's question form on a practitioner's profile) keeps its code,
 * and conform's, out of every other visitor's first load (docs/decisions/029).
 *
 * The server loads it at start-up, so the page's HTML always holds the component itself, never
 * a fallback that only a script could replace: without JavaScript it is the working form. In the
 * browser, React hydrates the rest of the page and this part as soon as its code has arrived;
 * until then the server's HTML stays as it was (a plain form that posts as any form does).
 */
export function lazyComponent<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let Loaded: ComponentType<Props> | undefined
  let failure: unknown
  let loading: Promise<void> | undefined
  const start = () =>
    (loading ??= load().then(
      (component) => void (Loaded = component),
      (error: unknown) => void (failure = error),
    ))
  if (import.meta.env.SSR) serverLoads.push(start())

  function WhenLoaded(props: Props) {
    if (failure) throw failure
    if (!Loaded) throw start() // Suspense: React renders this again once the code is here.
    return <Loaded {...props} />
  }
  return function LazyComponent(props: Props) {
    return (
      <Suspense fallback={null}>
        <WhenLoaded {...props} />
      </Suspense>
    )
  }
}
