import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useSubmit } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { AuthCard } from '~/components/auth-card'
import { Button } from '~/components/ui/button'
import { msg } from '~/lib/i18n/message'
import { metaT } from '~/lib/i18n/meta'
import { log } from '~/lib/log.server'
import { redirectWithToast } from '~/lib/toast.server'
import { destroyUserSession, getUserId } from '~/models/accounts/auth.server'

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches, 'auth')('titles.logout') }]

/**
 * Visiting /logout signs out too, but a GET never changes state here (another site
 * could link to it, and replicas cannot write): the page posts the logout itself, at once
 * with JavaScript, or with one click without.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  if ((await getUserId(request)) === null) throw redirect('/')
  return null
}

export async function action({ request }: ActionFunctionArgs) {
  try {
    const cookie = await destroyUserSession(request)
    return redirectWithToast(
      '/',
      { type: 'success', title: msg('auth:toasts.loggedOut') },
      { headers: { 'Set-Cookie': cookie } },
    )
  } catch (error) {
    log.error({ err: error }, 'logging out failed')
    return redirectWithToast('/', {
      type: 'error',
      title: msg('auth:toasts.logoutFailed'),
      description: msg('auth:toasts.logoutFailedDescription'),
    })
  }
}

export default function LogoutPage() {
  const { t } = useTranslation('auth')
  const submit = useSubmit()
  const form = useRef<HTMLFormElement>(null)
  useEffect(() => {
    if (form.current) submit(form.current)
  }, [submit])
  return (
    <AuthCard title={t('logout.title')} description={t('logout.description')}>
      <Form method="post" ref={form}>
        <Button type="submit" className="w-full">
          {t('logout.submit')}
        </Button>
      </Form>
    </AuthCard>
  )
}
