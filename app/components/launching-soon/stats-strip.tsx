const STATS = [
  { value: '500+', label: 'Practitioners joined' },
  { value: '95%', label: 'Of each session fee is yours' },
  { value: '24/7', label: 'Online booking for your clients' },
  { value: '1:1', label: 'Private video sessions' },
]

/**
 * Solace in four numbers, on a coloured band. A description list whose value is drawn above
 * its label (`flex-col-reverse`), so it reads label-then-value to a screen reader.
 */
export function StatsStrip() {
  return (
    <section className="bg-primary text-primary-foreground" aria-label="Solace in numbers">
      <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-8 px-4 py-12 text-center sm:px-6 md:grid-cols-4">
        {STATS.map((stat) => (
          <div key={stat.label} className="flex flex-col-reverse gap-1">
            <dt className="text-sm text-primary-foreground">{stat.label}</dt>
            <dd className="text-4xl font-bold tracking-tight">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
