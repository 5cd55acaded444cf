import { useTranslation } from 'react-i18next'
import { Card, CardContent, CardDescription, CardHeader } from '~/components/ui/card'

/**
 * The frame of the emulated payment provider's pages (test checkout, test onboarding): a
 * page of its own, outside the site's shell, that says plainly nothing real happens here.
 */
export function TestModeCard({
  title,
  description,
  children,
}: {
  title: string
  description: string
  children: React.ReactNode
}) {
  const { t } = useTranslation('practice')
  return (
    <main id="main" className="mx-auto max-w-lg px-4 py-16">
      <Card>
        <CardHeader>
          <p className="w-fit rounded-full bg-accent-soft px-3 py-1 text-xs font-semibold tracking-wide uppercase">
            {t('testOnboarding.badge')}
          </p>
          <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-6 text-sm">{children}</CardContent>
      </Card>
    </main>
  )
}
