import { type SubmissionResult } from '@conform-to/react'
import { useRevalidator } from '@remix-run/react'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorList } from '~/components/forms'
import { Toaster, type ToastData } from '~/components/toaster'
import { Button } from '~/components/ui/button'
import { Input, Label } from '~/components/ui/input'
import { useHydrated } from '~/components/use-hydrated'
import { cn } from '~/lib/cn'
import { msg } from '~/lib/i18n/message'
import {
  DESCRIPTION_MAX_LENGTH,
  DOCUMENT_ACCEPT,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TOO_LARGE,
  DOCUMENT_UPLOAD_FAILED,
  DOCUMENT_UPLOADED,
} from '~/models/records/document'

type Progress = { name: string; percent: number }

/**
 * Sends one file to the /api twin, reporting progress; answers null or the refusal: the
 * server's message (already in the page's language) or a catalogue key.
 */
function send(url: string, file: File, description: string, onProgress: (percent: number) => void) {
  return new Promise<string | null>((resolve) => {
    const body = new FormData()
    body.append('description', description)
    body.append('file', file)
    const request = new XMLHttpRequest()
    request.open('POST', url)
    request.responseType = 'json'
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100))
    }
    request.onload = () => {
      if (request.status === 201) return resolve(null)
      const message = (request.response as { message?: unknown } | null)?.message
      resolve(typeof message === 'string' ? message : DOCUMENT_UPLOAD_FAILED)
    }
    request.onerror = () => resolve(DOCUMENT_UPLOAD_FAILED)
    request.send(body)
  })
}

/**
 * The Docs tab's upload area: choose files (or, with JavaScript, drop them), describe them,
 * Upload. Nothing goes before Upload, so a description typed after choosing is never lost.
 * Without JavaScript it is a plain form (the page answers with its toast). With JavaScript
 * each chosen file goes separately to `apiUrl` with a progress bar, then the list refreshes.
 */
export function DocumentUpload({
  action,
  apiUrl,
  lastResult,
}: {
  action: string
  apiUrl: string
  lastResult: SubmissionResult<string[]> | null
}) {
  const hydrated = useHydrated()
  const revalidator = useRevalidator()
  const input = useRef<HTMLInputElement>(null)
  const description = useRef<HTMLInputElement>(null)
  // With JavaScript: the files chosen or dropped, waiting for Upload.
  const [chosen, setChosen] = useState<File[]>([])
  const [progress, setProgress] = useState<Progress | null>(null)
  const [dragging, setDragging] = useState(false)
  const [toast, setToast] = useState<ToastData | null>(null)
  const errors = lastResult?.error?.file ?? lastResult?.error?.['']
  const { t } = useTranslation('records')

  async function upload(files: File[]) {
    if (!files.length || progress) return
    const text = description.current?.value ?? ''
    let uploaded = 0
    let failure: string | null = null
    for (const file of files) {
      setProgress({ name: file.name, percent: 0 })
      // The server refuses it too; saying so now spares sending 10 MB for nothing.
      const refusal =
        file.size > DOCUMENT_MAX_BYTES
          ? DOCUMENT_TOO_LARGE
          : await send(apiUrl, file, text, (percent) => setProgress({ name: file.name, percent }))
      if (refusal) failure = msg('records:upload.refusal', { name: file.name, reason: refusal })
      else uploaded++
    }
    setProgress(null)
    setChosen([])
    if (input.current) input.current.value = ''
    if (uploaded && description.current) description.current.value = ''
    setToast(
      failure
        ? { type: 'error', title: msg('common:toast.error'), description: failure }
        : { type: 'success', title: DOCUMENT_UPLOADED },
    )
    if (uploaded) revalidator.revalidate()
  }

  return (
    <form
      method="post"
      encType="multipart/form-data"
      action={action}
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault()
        void upload(chosen)
      }}
    >
      <label
        className={cn(
          'flex cursor-pointer flex-col items-center gap-1 rounded-lg border-2 border-dashed border-border p-6 text-center focus-within:ring-2 focus-within:ring-ring',
          dragging && 'border-primary bg-muted',
        )}
        onDragOver={(event) => {
          event.preventDefault()
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault()
          setDragging(false)
          setChosen(Array.from(event.dataTransfer.files))
        }}
      >
        <span className="font-medium">{hydrated ? t('upload.chooseOrDrop') : t('upload.choose')}</span>
        <span className="text-xs text-muted-foreground">{t('upload.supports')}</span>
        <input
          ref={input}
          type="file"
          name="file"
          accept={DOCUMENT_ACCEPT}
          multiple={hydrated}
          required={!hydrated}
          aria-label={t('upload.fileLabel')}
          aria-invalid={errors?.length ? true : undefined}
          disabled={Boolean(progress)}
          className={cn('mt-2 max-w-full text-sm', hydrated && 'sr-only')}
          onChange={(event) => setChosen(Array.from(event.currentTarget.files ?? []))}
        />
        {chosen.length ? (
          <span className="mt-1 text-sm break-all" role="status">
            {t('upload.chosen', { names: chosen.map((file) => file.name).join(', ') })}
          </span>
        ) : null}
      </label>
      <div className="space-y-1.5">
        <Label htmlFor="document-description">{t('upload.description')}</Label>
        <Input ref={description} id="document-description" name="description" maxLength={DESCRIPTION_MAX_LENGTH} />
      </div>
      <ErrorList errors={errors} />
      {progress ? (
        <div className="space-y-1" role="status">
          <p className="text-sm">{t('upload.uploading', { name: progress.name })}</p>
          <progress
            className="h-2 w-full"
            max={100}
            value={progress.percent}
            aria-label={t('upload.uploadingLabel', { name: progress.name })}
          >
            {progress.percent}%
          </progress>
        </div>
      ) : null}
      <Button type="submit" disabled={hydrated && (!chosen.length || Boolean(progress))}>
        {t('upload.upload')}
      </Button>
      <Toaster toast={toast} />
    </form>
  )
}
