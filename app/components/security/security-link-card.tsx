import { buttonClass } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Link } from '~/components/ui/link'
import { SECURITY_PATH } from '~/models/security/security'

/** Both settings screens point to the security page, which every role shares. */
export function SecurityLinkCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Two-factor sign-in, passkeys and sessions</CardTitle>
        <CardDescription>
          Add a code from an authenticator app or a passkey to your sign-in, and see where you are signed in.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Link to={SECURITY_PATH} className={buttonClass({ variant: 'outline' })}>
          Security settings
        </Link>
      </CardContent>
    </Card>
  )
}
