import { useSearchParams } from '@remix-run/react'

/** The return address: `?redirect=` (spec) or `?redirectTo=`. Log in and sign up both read it. */
export function useReturnPath() {
  const [params] = useSearchParams()
  return params.get('redirect') ?? params.get('redirectTo') ?? ''
}
