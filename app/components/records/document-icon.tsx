import { useTranslation } from 'react-i18next'
import { Icon } from '~/components/ui/icons'
import type { DocumentKind } from '~/models/records/document'

/** A sheet with a folded corner, the outline every document icon shares. */
const SHEET = ['M14 3H6.5A1.5 1.5 0 0 0 5 4.5v15A1.5 1.5 0 0 0 6.5 21h11a1.5 1.5 0 0 0 1.5-1.5V8Z', 'M14 3v5h5']

/** What is drawn on the sheet for each kind of document (its name is `records:docs.kinds.<kind>`). */
const DOCUMENT_KINDS: Record<DocumentKind, string[]> = {
  image: ['M8 18l2.5-3 2 2 1.5-1.5L16 18', 'M11 11.5a1 1 0 1 1-2 0 1 1 0 0 1 2 0Z'],
  pdf: ['M9 18v-5h1.75a1.75 1.75 0 0 1 0 3.5H9'],
  word: ['M8 12.5l1.5 5.5 2.5-4 2.5 4 1.5-5.5'],
  spreadsheet: ['M8 12h8v6H8Z', 'M8 15h8', 'M12 12v6'],
  text: ['M8.5 12h7', 'M8.5 15h7', 'M8.5 18h4'],
}

/** A document's type as an icon in the Docs list, named for a screen reader ('PDF', 'Spreadsheet'...). */
export function DocumentIcon({ kind, className }: { kind: DocumentKind; className?: string }) {
  const { t } = useTranslation('records')
  return <Icon className={className} label={t(`docs.kinds.${kind}`)} paths={[...SHEET, ...DOCUMENT_KINDS[kind]]} />
}
