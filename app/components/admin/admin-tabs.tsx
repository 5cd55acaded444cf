import { Link } from '~/components/ui/link'
import { cn } from '~/lib/cn'

/** The three tabs, each a link (the tab is in the URL). */
export function AdminTabs({ tabs }: { tabs: { key: string; label: string; href: string; current: boolean }[] }) {
  return (
    <nav aria-label="Admin sections" className="flex gap-1 border-b border-border">
      {tabs.map((tab) => (
        <Link
          key={tab.key}
          to={tab.href}
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
