import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '~/components/ui/button'
import { useHydrated } from '~/components/use-hydrated'
import { RECOVERY_CODES_DOWNLOAD_PATH, RECOVERY_CODES_PRINT_PATH } from '~/models/security/security'

/**
 * Recovery codes, shown once right after they are made (only their hashes are kept): each
 * signs in once in place of the app's code. They can be selected as text (one click selects
 * them all), copied (with JavaScript), downloaded as a text file or printed: the last two are
 * plain form posts of the codes (nothing on the server has them), so they work without
 * JavaScript, and print opens in a new tab so this page, the only one showing them, stays.
 */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation('account')
  return (
    <section
      aria-labelledby="recovery-codes"
      className="space-y-3 rounded-md border border-primary/40 bg-primary/5 p-4"
    >
      <h3 id="recovery-codes" className="font-semibold">
        {t('recoveryCodes.title')}
      </h3>
      <p className="text-sm">{t('recoveryCodes.keepSafe')}</p>
      <ul className="grid grid-cols-2 gap-2 font-mono text-sm select-all" aria-label={t('recoveryCodes.listLabel')}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <CopyCodesButton codes={codes} />
        <CodesForm codes={codes} action={RECOVERY_CODES_DOWNLOAD_PATH} text={t('recoveryCodes.download')} />
        <CodesForm codes={codes} action={RECOVERY_CODES_PRINT_PATH} text={t('recoveryCodes.print')} newTab />
      </div>
    </section>
  )
}

/** A plain form (not Remix's): the answer is a file, or a page in a new tab. */
function CodesForm({
  codes,
  action,
  text,
  newTab,
}: {
  codes: string[]
  action: string
  text: string
  newTab?: boolean
}) {
  return (
    <form method="post" action={action} target={newTab ? '_blank' : undefined}>
      {codes.map((code) => (
        <input key={code} type="hidden" name="codes" value={code} />
      ))}
      <Button type="submit" variant="outline" size="sm">
        {text}
      </Button>
    </form>
  )
}

/** With JavaScript: copies the codes, one a line, and says so for a moment. */
function CopyCodesButton({ codes }: { codes: string[] }) {
  const { t } = useTranslation('account')
  const hydrated = useHydrated()
  const [copied, setCopied] = useState(false)
  if (!hydrated) return null
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() =>
        void navigator.clipboard.writeText(codes.join('\n')).then(() => {
          setCopied(true)
          setTimeout(() => setCopied(false), 2000)
        })
      }
    >
      {copied ? t('recoveryCodes.copied') : t('recoveryCodes.copy')}
    </Button>
  )
}
