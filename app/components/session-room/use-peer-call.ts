import { useRevalidator } from '@remix-run/react'
import { useEffect, useMemo, useReducer, useRef, useState } from 'react'
import type { SessionRoomData } from '~/models/sessions/room'
import { CallSession, type MediaState } from './call-session'
import { callReducer, initialCallState } from './call-state'
import { ConnectionReport } from './connection-report'
import { newPeerId } from './signaling'

/**
 * The call as React sees it: the state to render (call-state.ts) and the actions the buttons
 * take. The CallSession behind it lives as long as the component: it opens the room's stream on
 * mount (the other side then sees this person present) and closes the connection, the stream
 * and its timers on unmount. The connection report (connection-report.ts) hears every action.
 */
export function usePeerCall({ booking, me, iceServers }: Pick<SessionRoomData, 'booking' | 'me' | 'iceServers'>) {
  const [state, dispatch] = useReducer(callReducer, initialCallState)
  // One id per page load: a remount (React's development checks) is the same page reconnecting.
  const [peerId] = useState(newPeerId)
  const session = useRef<CallSession | null>(null)

  // A revalidation gives new props of the same values: the session keeps the first ones.
  const revalidator = useRevalidator()
  const latest = useRef({ iceServers, revalidator })
  useEffect(() => {
    latest.current.revalidator = revalidator
  })

  const bookingId = booking.id
  const role = me.role
  useEffect(() => {
    const report = new ConnectionReport(bookingId)
    const call = new CallSession({
      bookingId,
      peerId,
      role,
      iceServers: latest.current.iceServers,
      dispatch: (action) => {
        report.observe(action)
        dispatch(action)
      },
      onPeerConnection: (pc) => report.watch(pc),
      // The room may have closed (its window ended, the practitioner ended it elsewhere): the
      // page's loader says so, and the page then shows that instead of the call.
      onRefused: () => {
        if (latest.current.revalidator.state === 'idle') latest.current.revalidator.revalidate()
      },
    })
    session.current = call
    call.start()
    return () => {
      call.dispose()
      report.dispose()
      session.current = null
    }
  }, [bookingId, peerId, role])

  const actions = useMemo(
    () => ({
      join: (stream: MediaStream | null, media: MediaState) => session.current?.join(stream, media),
      leave: () => session.current?.leave(),
      end: () => void session.current?.end(),
      setMedia: (media: MediaState) => session.current?.setMedia(media),
      setAudioOnly: (audioOnly: boolean) => session.current?.setAudioOnly(audioOnly),
    }),
    [],
  )
  return { state, ...actions }
}
