import { useEffect, useState } from 'react'
import { ErrorList, type ListOfErrors } from '~/components/forms'
import { Label } from '~/components/ui/input'
import { IMAGE_ACCEPT, IMAGE_MAX_BYTES, IMAGE_TOO_LARGE, NOT_AN_IMAGE } from '~/models/images/image'

/**
 * A picture picker: a plain file input (the upload happens with the form's submit, so it
 * works without JavaScript) plus a "remove" box. With JavaScript it previews the chosen file
 * and checks type and size at once; the server checks both again.
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
  const [preview, setPreview] = useState<string | null>(null)
  const [clientError, setClientError] = useState<string | null>(null)
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview])

  function onChange(event: React.ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0]
    setClientError(null)
    setPreview(null)
    if (!file) return
    if (!file.type.startsWith('image/')) setClientError(NOT_AN_IMAGE)
    else if (file.size > IMAGE_MAX_BYTES) setClientError(IMAGE_TOO_LARGE)
    else return setPreview(URL.createObjectURL(file))
    event.target.value = ''
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
            alt="Current profile"
            className="size-16 shrink-0 rounded-full border border-border object-cover"
          />
        ) : (
          <span className="flex size-16 shrink-0 items-center justify-center rounded-full bg-muted text-xs text-muted-foreground">
            No picture
          </span>
        )}
        <div className="min-w-0 flex-1 space-y-2">
          <input
            id={name}
            name={name}
            type="file"
            accept={IMAGE_ACCEPT}
            onChange={onChange}
            aria-describedby={errorId}
            className="block max-w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-2 file:text-sm file:font-medium file:text-secondary-foreground"
          />
          <p className="text-xs text-muted-foreground">JPEG, PNG, GIF or WebP, up to 5MB.</p>
          {currentUrl ? (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name={removeName} className="accent-primary" /> Remove current picture
            </label>
          ) : null}
        </div>
      </div>
      <ErrorList id={errorId} errors={clientError ? [clientError] : errors} />
    </div>
  )
}
