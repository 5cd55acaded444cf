import { Button } from '~/components/ui/button'
import { CameraIcon, CameraOffIcon, MicIcon, MicOffIcon } from './room-icons'
import { useRoomText } from './use-room-text'

/**
 * The microphone and camera buttons, the same in the preview and in the call. Each says what
 * it will do ("Mute microphone"), so its name changes with its state instead of carrying a
 * pressed state that a screen reader would read as a second fact. A device that is not there
 * leaves its button disabled.
 */
export function MediaToggles({
  audio,
  video,
  hasAudio,
  hasVideo,
  onToggle,
}: {
  audio: boolean
  video: boolean
  hasAudio: boolean
  hasVideo: boolean
  onToggle: (kind: 'audio' | 'video', on: boolean) => void
}) {
  const { t } = useRoomText()
  return (
    <>
      <Button variant={audio ? 'outline' : 'secondary'} disabled={!hasAudio} onClick={() => onToggle('audio', !audio)}>
        {audio ? <MicIcon /> : <MicOffIcon />}
        {audio ? t('mute') : t('unmute')}
      </Button>
      <Button variant={video ? 'outline' : 'secondary'} disabled={!hasVideo} onClick={() => onToggle('video', !video)}>
        {video ? <CameraIcon /> : <CameraOffIcon />}
        {video ? t('cameraOff') : t('cameraOn')}
      </Button>
    </>
  )
}
