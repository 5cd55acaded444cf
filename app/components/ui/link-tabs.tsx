import { Link } from '~/components/ui/link'
import { cn } from '~/lib/cn'

export type LinkTab = { key: string; label: string; href: string; current: boolean }

/**
 * Tabs that are links: the chosen tab is in the URL, so they work without JavaScript and a tab
 * can be linked to. `preventScrollReset` keeps the page where it is when a tab swaps content
 * lower down.
 */
export function LinkTabs({
  label,
  tabs,
  preventScrollReset,
}: {
  label: string
  tabs: LinkTab[]
  preventScrollReset?: boolean
}) {
  return (
    <nav aria-label={label} className="flex gap-1 border-b border-border">
      {tabs.map((tab) => (
        <Link
          key={tab.key}
          to={tab.href}
          preventScrollReset={preventScrollReset}
          aria-current={tab.current ? 'page' : undefined}
          className={cn(
            '-mb-px border-b-2 px-4 py-2 text-sm font-medium',
            tab.current
              ? 'border-primary text-foreground'
              : 'border-transparent text-muted-foreground hover:text-foreground',
          )}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  )
}
