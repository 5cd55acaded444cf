import { Button } from '~/components/ui/button'
import type { OtherPresence, SessionRoomData } from '~/models/sessions/room'
import { DevicePickers } from './device-pickers'
import { LobbyCheck } from './lobby-check'
import { MediaToggles } from './media-toggles'
import { CameraIcon, CameraOffIcon } from './room-icons'
import { StreamVideo } from './stream-video'
import { useRoomText } from './use-room-text'
import type { SignalingState } from './call-state'
import type { LocalMedia, MediaProblem } from './use-local-media'

/** What the page says of each problem (app/locales/<language>/room.json). */
const PROBLEM_TEXT = {
  denied: 'permissionDenied',
  'no-devices': 'noDevices',
  failed: 'deviceFailed',
} as const satisfies Record<MediaProblem, string>

/**
 * Before joining: the person sees and hears what the other will (their camera's preview, the
 * devices to choose from, the microphone and camera switches), whether the other is already
 * waiting, and Join. When the browser gives no camera or microphone, the page says why and how
 * to fix it, and still lets the person in without them. After Leave it offers Rejoin instead,
 * the camera's light off until then, and shows the switches as the person left them: a camera
 * left on is said to come back on with the rejoin, not to be off (it was, and is, on).
 * Before the first join, a check (lobby-check.tsx) shows the microphone's level, plays a test
 * sound and tries the network, and says whether all is ready or what to do.
 */
export function Lobby({
  media,
  iceServers,
  signaling,
  other,
  otherFirstName,
  hasLeft,
  error,
  onChoose,
  onToggle,
  onRetry,
  onJoin,
  onRejoin,
}: {
  media: LocalMedia
  /** The room's STUN and TURN servers, for the network check. */
  iceServers: SessionRoomData['iceServers']
  /** Until the room's stream is open, who is there is not known. */
  signaling: SignalingState
  other: OtherPresence
  otherFirstName: string
  hasLeft: boolean
  /** A join or leave that did not reach the room (a message, or the server's words). */
  error: string | null
  onChoose: (choice: { cameraId: string; microphoneId: string }) => void
  onToggle: (kind: 'audio' | 'video', on: boolean) => void
  onRetry: () => void
  onJoin: () => void
  onRejoin: () => void
}) {
  const { t, say } = useRoomText()
  const hasAudio = Boolean(media.stream?.getAudioTracks().length)
  const hasVideo = Boolean(media.stream?.getVideoTracks().length)
  const waitingForRejoin = hasLeft && media.status === 'off'
  // Over the preview: why there is no picture. After Leave, by the person's switch (the stream
  // is stopped, whatever the switch says); before, by what the stream sends.
  const cameraNote = waitingForRejoin
    ? media.switches.video
      ? 'cameraOnRejoin'
      : 'yourCameraIsOff'
    : !media.video && media.status !== 'starting'
      ? 'yourCameraIsOff'
      : null

  return (
    <section aria-label={t('beforeYouJoin')} className="grid gap-6 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="space-y-3">
        <div className="relative aspect-video overflow-hidden rounded-lg bg-neutral-900">
          {media.stream ? (
            <StreamVideo
              stream={media.stream}
              label={t('yourVideo')}
              muted
              mirrored
              className="size-full object-cover"
            />
          ) : null}
          {cameraNote ? (
            <p className="absolute inset-0 flex flex-col items-center justify-center gap-2 p-4 text-center text-sm text-white">
              {cameraNote === 'yourCameraIsOff' ? (
                <CameraOffIcon className="size-8" />
              ) : (
                <CameraIcon className="size-8" />
              )}
              {t(cameraNote)}
            </p>
          ) : null}
        </div>
        {media.status === 'ready' ? (
          <div className="flex flex-wrap gap-2">
            <MediaToggles
              audio={media.audio}
              video={media.video}
              hasAudio={hasAudio}
              hasVideo={hasVideo}
              onToggle={onToggle}
            />
          </div>
        ) : waitingForRejoin ? (
          // No stream until Rejoin: the switches set what it starts with.
          <div className="flex flex-wrap gap-2">
            <MediaToggles
              audio={media.switches.audio}
              video={media.switches.video}
              hasAudio
              hasVideo
              onToggle={onToggle}
            />
          </div>
        ) : null}
      </div>

      <div className="space-y-4">
        <p role="status" className="text-lg font-medium">
          {signaling !== 'open'
            ? t(signaling)
            : other.joined
              ? t('otherWaiting', { name: otherFirstName })
              : t('otherNotJoined', { name: otherFirstName })}
        </p>
        {hasLeft ? <p className="text-sm text-muted-foreground">{t('youLeft')}</p> : null}

        {media.problem ? (
          <div role="alert" className="space-y-3 rounded-md border border-border bg-accent-soft p-4 text-sm">
            <p>{t(PROBLEM_TEXT[media.problem])}</p>
            <Button variant="outline" size="sm" onClick={onRetry}>
              {t('tryAgain')}
            </Button>
          </div>
        ) : null}

        {media.status === 'ready' ? (
          <DevicePickers
            cameras={media.cameras}
            microphones={media.microphones}
            cameraId={media.cameraId}
            microphoneId={media.microphoneId}
            onChoose={onChoose}
          />
        ) : null}

        {/* After Leave the camera and microphone are off until Rejoin: nothing to check. */}
        {waitingForRejoin ? null : <LobbyCheck media={media} iceServers={iceServers} />}

        {error ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {say(error)}
          </p>
        ) : null}

        {waitingForRejoin ? (
          <Button size="lg" className="w-full" onClick={onRejoin}>
            {t('rejoin')}
          </Button>
        ) : media.status === 'problem' ? (
          <Button size="lg" variant="secondary" className="w-full" onClick={onJoin}>
            {t('joinWithoutMedia')}
          </Button>
        ) : (
          <Button size="lg" className="w-full" disabled={media.status !== 'ready'} onClick={onJoin}>
            {t('join')}
          </Button>
        )}
      </div>
    </section>
  )
}
