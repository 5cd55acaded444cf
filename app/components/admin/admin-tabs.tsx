import { useTranslation } from 'react-i18next'
import { LinkTabs, type LinkTab } from '~/components/ui/link-tabs'

/** The three tabs, each a link (the tab is in the URL). */
export function AdminTabs({ tabs }: { tabs: LinkTab[] }) {
  const { t } = useTranslation('admin')
  return <LinkTabs label={t('tabs.label')} tabs={tabs} />
}
