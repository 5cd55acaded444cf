import { RemixBrowser } from '@remix-run/react'
import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { I18nextProvider } from 'react-i18next'
import { startI18n } from '~/lib/i18n/i18n.client'

// Started from the catalogues the page carries, before hydration reads a word (decision 052).
const i18n = startI18n()

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <RemixBrowser />
      </I18nextProvider>
    </StrictMode>,
  )
})
