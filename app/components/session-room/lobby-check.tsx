import { useId } from 'react'
import { Button } from '~/components/ui/button'
import type { SessionRoomData } from '~/models/sessions/room'
import { verdictOf } from './pre-call-check'
import { MicIcon } from './room-icons'
import { playTestTone, useMicLevel } from './use-mic-level'
import { useNetworkCheck } from './use-network-check'
import { useRoomText } from './use-room-text'
import type { LocalMedia } from './use-local-media'

/**
 * The check before the call, under the lobby's preview (which is the camera's part): the
 * microphone's level as a meter, a test sound for the speakers, whether the network reaches the
 * call's STUN and TURN servers, and a plain verdict with what to do about each problem. It says
 * what it finds and never keeps anyone out: Join stays where it was.
 */
export function LobbyCheck({ media, iceServers }: { media: LocalMedia; iceServers: SessionRoomData['iceServers'] }) {
  const network = useNetworkCheck(iceServers)
  const mic = useMicLevel(media.stream, media.audio)
  const hasAudio = Boolean(media.stream?.getAudioTracks().length)
  const hasVideo = Boolean(media.stream?.getVideoTracks().length)
  const ready = media.status === 'ready'
  const headingId = useId()
  const { t } = useRoomText()

  // Before the browser has answered for the camera, there is nothing to say of the devices yet.
  const verdict =
    media.status === 'starting' || media.status === 'off'
      ? ({ state: 'checking' } as const)
      : verdictOf({ problem: media.problem, hasAudio, hasVideo, microphone: mic.heard }, network)

  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-md border border-border p-4 text-sm">
      <h2 id={headingId} className="text-base font-semibold">
        {t('check.heading')}
      </h2>
      {ready && hasAudio ? (
        <div className="space-y-1.5">
          <div className="flex items-center gap-2">
            <MicIcon className="size-4 shrink-0" />
            <div
              role="meter"
              aria-label={t('check.micLevel')}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={mic.level}
              className="h-2 flex-1 overflow-hidden rounded-full bg-muted"
            >
              <div className="h-full bg-primary transition-[width] duration-100" style={{ width: `${mic.level}%` }} />
            </div>
          </div>
          <p className="text-muted-foreground">{t('check.micHint')}</p>
        </div>
      ) : null}
      <div className="space-y-1.5">
        <Button variant="outline" size="sm" onClick={playTestTone}>
          {t('check.playTestSound')}
        </Button>
        <p className="text-muted-foreground">{t('check.testSoundHint')}</p>
      </div>
      <p>{t(`check.network.${network}`)}</p>
      <Verdict verdict={verdict} />
    </section>
  )
}

/** Read out as it changes (a live region), from "Checking…" to ready or what to do. */
function Verdict({ verdict }: { verdict: ReturnType<typeof verdictOf> }) {
  const { t, say } = useRoomText()
  return (
    <div role="status" className="font-medium">
      {verdict.state === 'checking' ? (
        <p className="text-muted-foreground">{t('check.checking')}</p>
      ) : verdict.state === 'ready' ? (
        <p>{say(verdict.text)}</p>
      ) : (
        <>
          <p>{t('check.problems')}</p>
          <ul className="mt-1 list-disc space-y-1 pl-5 font-normal">
            {verdict.problems.map((problem) => (
              <li key={problem}>{say(problem)}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  )
}
