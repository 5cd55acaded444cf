import { createContext, useContext } from 'react'

/**
 * This render's script mark (server/content-security-policy.js): the inline scripts the app
 * writes carry it as their `nonce`, and the server allows exactly those by their hashes, then
 * takes the mark out of the page. Undefined in the browser, where nothing is marked.
 */
const ScriptMarkContext = createContext<string | undefined>(undefined)

export const ScriptMarkProvider = ScriptMarkContext.Provider

export function useScriptMark() {
  return useContext(ScriptMarkContext)
}
