import { createContext, useContext } from 'react'

/** The CSP nonce of this response, for the few inline scripts React renders. */
const NonceContext = createContext('')

export const NonceProvider = NonceContext.Provider

export function useNonce() {
  return useContext(NonceContext)
}
