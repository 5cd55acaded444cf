import { useEffect, useState } from 'react'

/** True once the page runs in the browser; before that (and without JavaScript) it is false. */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return hydrated
}
