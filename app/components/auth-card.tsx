import { Card, CardContent, CardDescription, CardHeader } from '~/components/ui/card'

/** The centred card the account screens (login, signup, password reset) sit in. */
export function AuthCard({
  title,
  description,
  children,
  wide = false,
}: {
  title: string
  description?: string
  children: React.ReactNode
  wide?: boolean
}) {
  return (
    <div className="px-4 py-12 sm:py-16">
      <Card className={wide ? 'mx-auto max-w-2xl' : 'mx-auto max-w-md'}>
        <CardHeader className="text-center">
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </div>
  )
}
