import { useCallback, useEffect } from 'react'
import { Card } from '~/components/ui/card'
import { whoEnded, type SessionRoomData } from '~/models/sessions/room'
import { CallView } from './call-view'
import { Lobby } from './lobby'
import { useLocalMedia } from './use-local-media'
import { usePeerCall } from './use-peer-call'
import { useRoomText } from './use-room-text'
import type { MediaState } from './call-session'
import type { ServerClock } from './server-clock'

/** Whether a stream sends sound and picture now (a track that is there and turned on). */
function mediaStateOf(stream: MediaStream | null): MediaState {
  return {
    audio: Boolean(stream?.getAudioTracks().some((track) => track.enabled)),
    video: Boolean(stream?.getVideoTracks().some((track) => track.enabled)),
  }
}

/**
 * The open room, in the browser only (it needs the camera, WebRTC and the event stream): the
 * lobby, then the call, then how it ended. It ties the person's camera and microphone
 * (useLocalMedia) to the call (usePeerCall): joining hands the preview's stream to the call,
 * the switches tell the other side, and leaving or the room's end turns the camera off.
 */
export function LiveRoom({ data, clock }: { data: SessionRoomData; clock: ServerClock }) {
  const { media, start, stop, toggle } = useLocalMedia()
  const call = usePeerCall(data)
  const { phase } = call.state
  const { join, setMedia } = call
  const { t, say } = useRoomText()

  // The preview starts on arrival: the browser asks for the camera once, here.
  useEffect(() => {
    void start()
  }, [start])

  // Once the room is over for this page, the camera's light goes off.
  useEffect(() => {
    if (phase === 'ended' || phase === 'replaced') stop()
  }, [phase, stop])

  const onToggle = useCallback(
    (kind: 'audio' | 'video', on: boolean) => {
      toggle(kind, on)
      if (phase === 'in-call') setMedia(mediaStateOf(media.stream))
    },
    [toggle, phase, setMedia, media.stream],
  )

  const onRejoin = useCallback(async () => {
    const stream = await start({ cameraId: media.cameraId, microphoneId: media.microphoneId })
    // A camera that will not start again keeps the person in the lobby, where it says why.
    if (stream) join(stream, mediaStateOf(stream))
  }, [start, join, media.cameraId, media.microphoneId])

  if (phase === 'ended' || phase === 'replaced') {
    return (
      <Card role="status" className="p-6 text-lg font-medium">
        {phase === 'ended' ? say(whoEnded(data)) : t('replaced')}
      </Card>
    )
  }

  const otherFirstName = data.other.firstName
  if (phase === 'lobby') {
    return (
      <Lobby
        media={media}
        iceServers={data.iceServers}
        signaling={call.state.signaling}
        other={call.state.other}
        otherFirstName={otherFirstName}
        hasLeft={call.state.hasLeft}
        error={call.state.error}
        onChoose={(choice) => void start(choice)}
        onToggle={toggle}
        onRetry={() => void start({ cameraId: media.cameraId, microphoneId: media.microphoneId })}
        onJoin={() => join(media.stream, mediaStateOf(media.stream))}
        onRejoin={() => void onRejoin()}
      />
    )
  }

  return (
    <CallView
      state={call.state}
      media={media}
      otherFirstName={otherFirstName}
      isPractitioner={data.me.role === 'practitioner'}
      booking={data.booking}
      clock={clock}
      onToggle={onToggle}
      onLeave={() => {
        call.leave()
        stop()
      }}
      onEnd={call.end}
      onAudioOnly={call.setAudioOnly}
    />
  )
}
