import { Button } from '~/components/ui/button'
import { useRoomText } from './use-room-text'
import type { CallState } from './call-state'

/**
 * What the room says when the link is too weak for the video (video-steps.ts): the offer of
 * audio only, audio only chosen here (with the way back), or chosen by the other person. A
 * lowered picture is said in a line of its own, quietly. Nothing when the video is as it was.
 */
export function VideoNotice({
  state,
  otherFirstName,
  onAudioOnly,
}: {
  state: CallState
  otherFirstName: string
  onAudioOnly: (audioOnly: boolean) => void
}) {
  const { t } = useRoomText()
  if (state.link !== 'connected') return null
  const { video, other } = state
  // Audio only chosen by either side is said before an offer of it, which it makes moot.
  const notice = video.audioOnly
    ? { text: t('audioOnlyOn'), action: t('videoBack'), audioOnly: false }
    : other.audioOnly
      ? { text: t('otherAudioOnly', { name: otherFirstName }), action: null, audioOnly: false }
      : video.offerAudioOnly
        ? { text: t('audioOnlyOffer'), action: t('audioOnly'), audioOnly: true }
        : null
  return (
    <div aria-live="polite" className="space-y-2 text-sm">
      {notice ? (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-950">
          <p>{notice.text}</p>
          {notice.action ? (
            <Button size="sm" variant="outline" onClick={() => onAudioOnly(notice.audioOnly)}>
              {notice.action}
            </Button>
          ) : null}
        </div>
      ) : video.step > 0 ? (
        <p className="text-muted-foreground">{t('videoLowered')}</p>
      ) : null}
    </div>
  )
}
