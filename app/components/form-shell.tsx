import { useNavigation } from '@remix-run/react'
import { Button, type ButtonStyle } from '~/components/ui/button'
import { ErrorList, type ListOfErrors } from './forms'

/** True while this form (by its action and intent) is being submitted. */
export function useIsSubmitting(action?: string) {
  const navigation = useNavigation()
  return navigation.state === 'submitting' && (action === undefined || navigation.formAction === action)
}

/** True while a form with this `intent` is being submitted. */
export function useIsSubmittingIntent(intent: string) {
  const navigation = useNavigation()
  return navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
}

export function SubmitButton({
  children,
  pendingText,
  pending,
  className,
  ...props
}: React.ButtonHTMLAttributes<HTMLButtonElement> & ButtonStyle & { pendingText: string; pending: boolean }) {
  return (
    <Button type="submit" className={className} disabled={pending} aria-disabled={pending} {...props}>
      {pending ? pendingText : children}
    </Button>
  )
}

/** The form-level message (the ones not tied to one field), shown above the submit button. */
export function FormErrors({ id, errors }: { id?: string; errors?: ListOfErrors }) {
  if (!errors?.length) return null
  return (
    <div role="alert" className="rounded-md border border-destructive/30 bg-destructive-soft p-3">
      <ErrorList id={id} errors={errors} />
    </div>
  )
}
