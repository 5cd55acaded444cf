import { createContext, useContext } from 'react'
import { useTranslation } from 'react-i18next'

/** A long legal text (privacy, terms): title, introduction, a table of contents, numbered sections. */
export type LegalSection = { readonly id: string; readonly title: string }

/** The document's sections, in its language, for each numbered section to find its own. */
const SectionsContext = createContext<readonly LegalSection[]>([])

export function LegalDocument({
  title,
  intro,
  sections,
  children,
}: {
  title: string
  intro: React.ReactNode
  sections: readonly LegalSection[]
  children: React.ReactNode
}) {
  const { t } = useTranslation('legal')
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <header className="space-y-4 border-b border-border pb-8">
        <h1 className="text-4xl font-bold tracking-tight">{title}</h1>
        <p className="text-lg text-muted-foreground">{intro}</p>
      </header>

      <nav aria-label={t('onThisPage')} className="my-8 rounded-lg border border-border bg-card p-5">
        <p className="text-sm font-semibold">{t('onThisPage')}</p>
        <ol className="mt-3 grid gap-1.5 text-sm sm:grid-cols-2">
          {sections.map((s, i) => (
            <li key={s.id}>
              <a href={`#${s.id}`} className="text-primary hover:underline">
                {i + 1}. {s.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <div className="space-y-10 leading-relaxed text-muted-foreground [&_h2]:text-foreground [&_h3]:text-foreground [&_strong]:text-foreground [&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-5">
        <SectionsContext.Provider value={sections}>{children}</SectionsContext.Provider>
      </div>
    </article>
  )
}

/**
 * The numbered section component for one document's section ids: its number is its place in
 * the list, its title the one the document was given (in the page's language).
 */
export function createLegalSection<const S extends readonly string[]>(ids: S) {
  return function Section({ id, children }: { id: S[number]; children: React.ReactNode }) {
    const title = useContext(SectionsContext).find((s) => s.id === id)?.title
    return (
      <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-24 space-y-3">
        <h2 id={`${id}-heading`} className="text-2xl font-semibold tracking-tight">
          {ids.indexOf(id) + 1}. {title}
        </h2>
        {children}
      </section>
    )
  }
}
