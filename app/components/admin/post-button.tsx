import { Form, useNavigation } from '@remix-run/react'
import { SubmitButton } from '~/components/form-shell'
import type { ButtonStyle } from '~/components/ui/button'

/**
 * True while this very form is on its way: its address, its intent and its record's fields. Every
 * form of the dashboard posts to the same address, so the address alone would not tell them apart.
 */
export function usePosting(action: string, intent: string, fields: Record<string, string | number> = {}) {
  const navigation = useNavigation()
  const sent = navigation.formData
  return (
    navigation.state === 'submitting' &&
    navigation.formAction === action &&
    sent?.get('intent') === intent &&
    Object.entries(fields).every(([name, value]) => sent.get(name) === String(value))
  )
}

/**
 * One button that posts one action for one record (mark read, suspend): a small form, so it
 * works without JavaScript; with it, the button says `pendingText` while its own post is on its
 * way (and only its own, though the list has one per row).
 */
export function PostButton({
  action,
  intent,
  fields,
  children,
  pendingText,
  label,
  variant = 'outline',
}: {
  action: string
  intent: string
  fields: Record<string, string | number>
  children: React.ReactNode
  pendingText: string
  /** The accessible name when the text alone does not say which record (e.g. 'Suspend Jane Doe'). */
  label?: string
  variant?: ButtonStyle['variant']
}) {
  const pending = usePosting(action, intent, fields)
  return (
    <Form method="post" action={action} preventScrollReset className="inline">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <SubmitButton variant={variant} size="sm" pending={pending} pendingText={pendingText} aria-label={label}>
        {children}
      </SubmitButton>
    </Form>
  )
}
