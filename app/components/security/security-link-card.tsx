import { useTranslation } from 'react-i18next'
import { buttonClass } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Link } from '~/components/ui/link'
import { SECURITY_PATH } from '~/models/security/security'

/** Both settings screens point to the security page, which every role shares. */
export function SecurityLinkCard() {
  const { t } = useTranslation('account')
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('securityLink.title')}</CardTitle>
        <CardDescription>{t('securityLink.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Link to={SECURITY_PATH} className={buttonClass({ variant: 'outline' })}>
          {t('securityLink.link')}
        </Link>
      </CardContent>
    </Card>
  )
}
