import { useEffect, useRef } from 'react'
import { cn } from '~/lib/cn'

/**
 * A `<video>` showing a live MediaStream. A stream cannot be given as an attribute, only as
 * the element's `srcObject`, so it is set after render; `play()` is called too, because a
 * stream set after the element loaded does not always start on `autoPlay` alone.
 */
export function StreamVideo({
  stream,
  label,
  muted = false,
  mirrored = false,
  className,
}: {
  stream: MediaStream | null
  /** What the video shows, for screen readers (and for the tests that look for it). */
  label: string
  /** Our own video is muted: hearing oneself echoes. */
  muted?: boolean
  /** Our own video is mirrored, as people expect to see themselves. */
  mirrored?: boolean
  className?: string
}) {
  const ref = useRef<HTMLVideoElement>(null)
  useEffect(() => {
    const video = ref.current
    if (!video || video.srcObject === stream) return
    video.srcObject = stream
    if (stream) video.play().catch(() => {})
  }, [stream])
  return (
    // A live call has no captions to offer; its words are the people's own.
    // eslint-disable-next-line jsx-a11y/media-has-caption
    <video
      ref={ref}
      aria-label={label}
      autoPlay
      playsInline
      muted={muted}
      className={cn('bg-neutral-900', mirrored && '-scale-x-100', className)}
    />
  )
}
