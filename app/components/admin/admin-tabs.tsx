import { LinkTabs, type LinkTab } from '~/components/ui/link-tabs'

/** The three tabs, each a link (the tab is in the URL). */
export function AdminTabs({ tabs }: { tabs: LinkTab[] }) {
  return <LinkTabs label="Admin sections" tabs={tabs} />
}
