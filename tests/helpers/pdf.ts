import { createRequire } from 'node:module'
import path from 'node:path'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'

/** The standard fonts' metrics pdfjs reads for text in Helvetica and the other base fonts. */
const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`

/**
 * The text of each page of a PDF, as a PDF reader extracts it (pdfjs-dist, Firefox's reader):
 * what an insurer's system would read off a receipt. Text runs are joined by spaces.
 */
export async function pdfPages(bytes: Uint8Array) {
  const loading = getDocument({ data: new Uint8Array(bytes), standardFontDataUrl })
  const pdf = await loading.promise
  const pages: string[] = []
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent()
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim(),
    )
  }
  await loading.destroy()
  return pages
}
