/** A long legal text (privacy, terms): title, introduction, a table of contents, numbered sections. */
export type LegalSection = { readonly id: string; readonly title: string }

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
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <header className="space-y-4 border-b border-border pb-8">
        <h1 className="text-4xl font-bold tracking-tight">{title}</h1>
        <p className="text-lg text-muted-foreground">{intro}</p>
      </header>

      <nav aria-label="On this page" className="my-8 rounded-lg border border-border bg-card p-5">
        <p className="text-sm font-semibold">On this page</p>
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
        {children}
      </div>
    </article>
  )
}

/** The numbered section component for one document's list of sections. */
export function createLegalSection<const S extends readonly LegalSection[]>(sections: S) {
  return function Section({ id, children }: { id: S[number]['id']; children: React.ReactNode }) {
    const index = sections.findIndex((s) => s.id === id)
    return (
      <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-24 space-y-3">
        <h2 id={`${id}-heading`} className="text-2xl font-semibold tracking-tight">
          {index + 1}. {sections[index]?.title}
        </h2>
        {children}
      </section>
    )
  }
}
