import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Button, type ButtonStyle } from '~/components/ui/button'

/** Logging out is a POST (a link could be triggered by another site); works without JS. */
export function LogoutButton({ className, ...style }: ButtonStyle & { className?: string }) {
  const { t } = useTranslation()
  return (
    <Form method="post" action="/logout" className={className}>
      <Button type="submit" variant="ghost" size="sm" {...style}>
        {t('nav.logout')}
      </Button>
    </Form>
  )
}
