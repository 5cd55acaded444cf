import { useState } from 'react'
import { Button } from '~/components/ui/button'
import { cn } from '~/lib/cn'
import { CallStatus } from './call-status'
import { EndSessionDialog } from './end-session-dialog'
import { MediaToggles } from './media-toggles'
import { CameraOffIcon, HangUpIcon, MicOffIcon, StopIcon } from './room-icons'
import { useServerNow, type ServerClock } from './server-clock'
import { StreamVideo } from './stream-video'
import { useRoomText } from './use-room-text'
import { VideoNotice } from './video-notice'
import type { CallState } from './call-state'
import type { LocalMedia } from './use-local-media'

/**
 * The call: the other person large, oneself small in a corner (mirrored and muted, as a mirror
 * is), what the other has turned off, the time into the session and the connection, what a
 * weak link did to the video (audio only offered or on), and the
 * controls (the practitioner's End session, from the booked start, asks first). The frame keeps
 * a video's shape on any screen, from a 390 px phone up.
 */
export function CallView({
  state,
  media,
  otherFirstName,
  isPractitioner,
  booking,
  clock,
  onToggle,
  onLeave,
  onEnd,
  onAudioOnly,
}: {
  state: CallState
  media: LocalMedia
  otherFirstName: string
  isPractitioner: boolean
  booking: { startTime: string; durationMinutes: number }
  clock: ServerClock
  onToggle: (kind: 'audio' | 'video', on: boolean) => void
  onLeave: () => void
  onEnd: () => void
  onAudioOnly: (audioOnly: boolean) => void
}) {
  const { other } = state
  const [confirmingEnd, setConfirmingEnd] = useState(false)
  const { t, say } = useRoomText()
  // End is offered from the booked start (the server refuses it before); until then only Leave.
  const started = useServerNow(clock) >= Date.parse(booking.startTime)
  const connected = state.link === 'connected'
  // Audio only, on either side: no picture comes, so the other's initial shows instead of a frozen frame.
  const audioOnly = state.video.audioOnly || other.audioOnly
  // What the other has turned off, said only while there is a call to see it in.
  const otherOff = connected
    ? [
        !other.audio && { icon: <MicOffIcon className="size-4" />, text: t('otherMuted', { name: otherFirstName }) },
        !other.video && {
          icon: <CameraOffIcon className="size-4" />,
          text: t('otherCameraOff', { name: otherFirstName }),
        },
      ].filter((item) => item !== false)
    : []

  return (
    <section aria-label={t('call')} className="space-y-3">
      {/* As wide as the page, and short enough on a laptop that the controls stay on screen. */}
      <div className="relative aspect-[4/3] max-h-[calc(100svh-16rem)] min-h-52 w-full overflow-hidden rounded-lg bg-neutral-900 sm:aspect-video">
        <StreamVideo
          stream={state.remoteStream}
          label={t('otherVideo', { name: otherFirstName })}
          className="absolute inset-0 size-full object-contain"
        />
        {!connected || !other.video || audioOnly ? (
          // The other's initial where their picture would be: waiting, connecting, or camera off.
          <div
            aria-hidden
            className={cn('absolute inset-0 flex items-center justify-center', connected && 'bg-neutral-900')}
          >
            <span className="flex size-20 items-center justify-center rounded-full bg-white/15 text-3xl font-semibold text-white sm:size-28 sm:text-5xl">
              {otherFirstName.slice(0, 1).toUpperCase()}
            </span>
          </div>
        ) : null}
        <ul aria-live="polite" className="absolute top-2 left-2 flex flex-col items-start gap-1.5">
          {otherOff.map((item) => (
            <li
              key={item.text}
              className="flex items-center gap-1.5 rounded-full bg-black/65 px-2.5 py-1 text-xs font-medium text-white"
            >
              {item.icon}
              {item.text}
            </li>
          ))}
        </ul>

        {media.stream ? (
          <div className="absolute right-2 bottom-2 aspect-[4/3] w-24 overflow-hidden rounded-md shadow-lg ring-2 ring-white/70 sm:right-3 sm:bottom-3 sm:w-40 md:w-48">
            <StreamVideo
              stream={media.stream}
              label={t('yourVideo')}
              muted
              mirrored
              className="size-full object-cover"
            />
            {media.video ? null : (
              <span className="absolute inset-0 flex items-center justify-center bg-neutral-800 text-white">
                <CameraOffIcon label={t('yourCameraIsOff')} className="size-6" />
              </span>
            )}
          </div>
        ) : null}
      </div>

      <VideoNotice state={state} otherFirstName={otherFirstName} onAudioOnly={onAudioOnly} />
      <CallStatus state={state} otherFirstName={otherFirstName} booking={booking} clock={clock} />

      <div className="flex flex-wrap justify-center gap-2">
        <MediaToggles
          audio={media.audio}
          video={media.video}
          hasAudio={Boolean(media.stream?.getAudioTracks().length)}
          hasVideo={Boolean(media.stream?.getVideoTracks().length)}
          onToggle={onToggle}
        />
        <Button variant="outline" onClick={onLeave}>
          <HangUpIcon />
          {t('leave')}
        </Button>
        {isPractitioner && started ? (
          <Button variant="destructive" onClick={() => setConfirmingEnd(true)}>
            <StopIcon />
            {t('end')}
          </Button>
        ) : null}
      </div>
      {isPractitioner ? (
        <EndSessionDialog
          open={confirmingEnd}
          clientFirstName={otherFirstName}
          onCancel={() => setConfirmingEnd(false)}
          onConfirm={() => {
            setConfirmingEnd(false)
            onEnd()
          }}
        />
      ) : null}
      {state.error ? (
        <p role="alert" className="text-center text-sm font-medium text-destructive">
          {say(state.error)}
        </p>
      ) : null}
    </section>
  )
}
