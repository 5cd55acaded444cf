import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorList, type ListOfErrors } from '~/components/forms'
import { Label } from '~/components/ui/input'
import {
  IMAGE_ACCEPT,
  IMAGE_MAX_BYTES,
  IMAGE_SIGNATURE_BYTES,
  IMAGE_TOO_LARGE,
  IMAGE_UNREADABLE,
  NOT_AN_IMAGE,
  NOT_REALLY_AN_IMAGE,
  sniffImage,
} from '~/models/images/image'

/** Why the browser refuses a chosen file before it is sent, or null: its type, its size, then its first bytes. */
async function refusalOf(file: File) {
  if (!file.type.startsWith('image/')) return NOT_AN_IMAGE
  if (file.size > IMAGE_MAX_BYTES) return IMAGE_TOO_LARGE
  const head = new Uint8Array(await file.slice(0, IMAGE_SIGNATURE_BYTES).arrayBuffer())
  return sniffImage(head) ? null : NOT_REALLY_AN_IMAGE
}

/**
 * A picture picker: a plain file input (the upload happens with the form's submit, so it
 * works without JavaScript) plus a "remove" box. With JavaScript it checks the chosen file at
 * once (type, size, and that its bytes are a picture, so a renamed text file is refused
 * instead of previewed as a broken image) and previews it; the server checks all of it again.
 */
export function ImagePicker({
  name,
  removeName,
  currentUrl,
  label,
  errors,
}: {
  name: string
  removeName: string
  currentUrl: string | null
  label: string
  errors?: ListOfErrors
}) {
  const { t } = useTranslation('account')
  const [preview, setPreview] = useState<string | null>(null)
  const [clientError, setClientError] = useState<string | null>(null)
  const input = useRef<HTMLInputElement>(null)
  const clearing = useRef(false)
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview])

  /**
   * A refused file is taken off the input, so the form never sends it, and the form hears of
   * it: a preview the form draws from its own changes (My Profile's) drops the file too.
   */
  function refuse(message: string) {
    setClientError(message)
    setPreview(null)
    const element = input.current
    if (!element) return
    element.value = ''
    // Dispatched and handled synchronously: the flag keeps this picker from taking its own
    // event for a new choice and clearing the message.
    clearing.current = true
    element.dispatchEvent(new Event('change', { bubbles: true }))
    clearing.current = false
  }

  async function onChange(event: React.ChangeEvent<HTMLInputElement>) {
    if (clearing.current) return
    const target = event.target
    const file = target.files?.[0]
    setClientError(null)
    setPreview(null)
    if (!file) return
    const refusal = await refusalOf(file)
    // Another file may have been chosen while this one was read.
    if (target.files?.[0] !== file) return
    if (refusal) refuse(refusal)
    else setPreview(URL.createObjectURL(file))
  }

  const shown = preview ?? currentUrl
  const errorId = clientError || errors?.length ? `${name}-error` : undefined
  return (
    <div className="space-y-2">
      <Label htmlFor={name}>{label}</Label>
      <div className="flex items-center gap-4">
        {shown ? (
          <img
            src={shown}
            alt={t('imagePicker.currentAlt')}
            // Right first bytes, but the browser cannot draw it (cut short, corrupt): said, not a broken picture.
            onError={preview ? () => refuse(IMAGE_UNREADABLE) : undefined}
            className="size-16 shrink-0 rounded-full border border-border object-cover"
          />
        ) : (
          <span className="flex size-16 shrink-0 items-center justify-center rounded-full bg-muted text-xs text-muted-foreground">
            {t('imagePicker.none')}
          </span>
        )}
        <div className="min-w-0 flex-1 space-y-2">
          <input
            ref={input}
            id={name}
            name={name}
            type="file"
            accept={IMAGE_ACCEPT}
            onChange={onChange}
            aria-describedby={errorId}
            className="block max-w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-2 file:text-sm file:font-medium file:text-secondary-foreground"
          />
          <p className="text-xs text-muted-foreground">{t('imagePicker.hint')}</p>
          {currentUrl ? (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name={removeName} className="accent-primary" /> {t('imagePicker.remove')}
            </label>
          ) : null}
        </div>
      </div>
      <ErrorList id={errorId} errors={clientError ? [clientError] : errors} />
    </div>
  )
}
