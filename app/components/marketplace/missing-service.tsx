import { ButtonLink } from '~/components/ui/button'

/** The not-found state of the service pages (their texts differ, spec §2). */
export function MissingService({ title, hint, action }: { title: string; hint?: string; action: string }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      {hint ? <p className="text-muted-foreground">{hint}</p> : null}
      <ButtonLink to="/services">{action}</ButtonLink>
    </div>
  )
}
