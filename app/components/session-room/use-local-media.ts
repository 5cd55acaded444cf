import { useCallback, useEffect, useRef, useState } from 'react'

/**
 * This person's camera and microphone: the lobby's preview and, once joined, what the call
 * sends. The same stream goes from the preview into the call, so joining asks for nothing new.
 * Turning the microphone or camera off disables its track (the other side receives silence or
 * black, and nothing needs renegotiating); choosing another device restarts the stream.
 */

/** Why there is no stream: the browser refused, there is no device, or it would not start. */
export type MediaProblem = 'denied' | 'no-devices' | 'failed'

export type LocalMedia = {
  status: 'off' | 'starting' | 'ready' | 'problem'
  problem: MediaProblem | null
  stream: MediaStream | null
  cameras: MediaDeviceInfo[]
  microphones: MediaDeviceInfo[]
  /** The devices in use ('' before any). */
  cameraId: string
  microphoneId: string
  /** Sending sound and picture: a track exists and is turned on. */
  audio: boolean
  video: boolean
  /**
   * The person's microphone and camera switches, kept while there is no stream (after Leave the
   * camera's light goes off, but a camera left on is still on for the rejoin): what the next
   * start turns on. Not `audio`/`video`, which say what is being sent now.
   */
  switches: { audio: boolean; video: boolean }
}

const OFF: LocalMedia = {
  status: 'off',
  problem: null,
  stream: null,
  cameras: [],
  microphones: [],
  cameraId: '',
  microphoneId: '',
  audio: false,
  video: false,
  switches: { audio: true, video: true },
}

type Choice = { cameraId?: string; microphoneId?: string }

/** The front camera (a phone has two) unless one is chosen, and any microphone unless one is. */
function constraints({ cameraId, microphoneId }: Choice): MediaStreamConstraints {
  return {
    video: { facingMode: 'user', ...(cameraId ? { deviceId: { exact: cameraId } } : {}) },
    audio: microphoneId ? { deviceId: { exact: microphoneId } } : {},
  }
}

const nameOf = (error: unknown) => (error instanceof DOMException || error instanceof Error ? error.name : '')

/**
 * A stream with the chosen devices, or the reason there is none. A device that is missing is
 * not the end: a laptop without a camera still has a microphone, so each kind is then tried alone.
 */
async function acquire(choice: Choice): Promise<{ stream: MediaStream } | { problem: MediaProblem }> {
  const media = navigator.mediaDevices
  if (!media?.getUserMedia) return { problem: 'failed' }
  try {
    return { stream: await media.getUserMedia(constraints(choice)) }
  } catch (error) {
    const name = nameOf(error)
    if (name === 'NotAllowedError' || name === 'SecurityError') return { problem: 'denied' }
    // A chosen device that was unplugged: any other will do.
    if (name === 'OverconstrainedError' && (choice.cameraId || choice.microphoneId)) return acquire({})
    if (name !== 'NotFoundError' && name !== 'OverconstrainedError') return { problem: 'failed' }
    const { audio, video } = constraints(choice)
    for (const alone of [{ audio }, { video }]) {
      try {
        return { stream: await media.getUserMedia(alone) }
      } catch {
        // Try the other kind.
      }
    }
    return { problem: 'no-devices' }
  }
}

const stopAll = (stream: MediaStream | null) => stream?.getTracks().forEach((track) => track.stop())

export function useLocalMedia() {
  const [media, setMedia] = useState<LocalMedia>(OFF)
  const streamRef = useRef<MediaStream | null>(null)
  /** Which request is current: an older one that resolves late stops its stream unused. */
  const requestRef = useRef(0)
  /** On and off as the person set them, kept across restarts of the stream. */
  const wanted = useRef({ audio: true, video: true })

  const listDevices = useCallback(async () => {
    const devices = await navigator.mediaDevices?.enumerateDevices().catch(() => [])
    if (!devices) return
    // Before permission devices have no labels, and a list of blank choices helps nobody.
    const usable = devices.filter((device) => device.deviceId && device.label)
    setMedia((now) => ({
      ...now,
      cameras: usable.filter((device) => device.kind === 'videoinput'),
      microphones: usable.filter((device) => device.kind === 'audioinput'),
    }))
  }, [])

  /** Starts (or restarts) the stream; resolves to it, or to null when there is none. */
  const start = useCallback(
    async (choice: Choice = {}) => {
      const request = ++requestRef.current
      stopAll(streamRef.current)
      streamRef.current = null
      setMedia((now) => ({ ...now, status: 'starting', problem: null, stream: null }))
      const result = await acquire(choice)
      if (request !== requestRef.current) {
        if ('stream' in result) stopAll(result.stream)
        return null
      }
      if ('problem' in result) {
        setMedia((now) => ({ ...now, status: 'problem', problem: result.problem, audio: false, video: false }))
        return null
      }
      const { stream } = result
      streamRef.current = stream
      const [audioTrack] = stream.getAudioTracks()
      const [videoTrack] = stream.getVideoTracks()
      if (audioTrack) audioTrack.enabled = wanted.current.audio
      if (videoTrack) videoTrack.enabled = wanted.current.video
      setMedia((now) => ({
        ...now,
        status: 'ready',
        stream,
        cameraId: videoTrack?.getSettings().deviceId ?? '',
        microphoneId: audioTrack?.getSettings().deviceId ?? '',
        audio: Boolean(audioTrack?.enabled),
        video: Boolean(videoTrack?.enabled),
      }))
      void listDevices()
      return stream
    },
    [listDevices],
  )

  /** Turns the camera and microphone off altogether (leaving the call, the room closing); the switches stay as they were. */
  const stop = useCallback(() => {
    requestRef.current++
    stopAll(streamRef.current)
    streamRef.current = null
    setMedia((now) => ({ ...now, status: 'off', problem: null, stream: null, audio: false, video: false }))
  }, [])

  /** Microphone or camera on or off, without restarting anything (with no stream, for the next start). */
  const toggle = useCallback((kind: 'audio' | 'video', on: boolean) => {
    wanted.current[kind] = on
    const track = kind === 'audio' ? streamRef.current?.getAudioTracks()[0] : streamRef.current?.getVideoTracks()[0]
    if (track) track.enabled = on
    setMedia((now) => ({ ...now, [kind]: Boolean(track) && on, switches: { ...now.switches, [kind]: on } }))
  }, [])

  // Devices plugged in or out while the page is open: the pickers follow.
  useEffect(() => {
    const devices = navigator.mediaDevices
    if (!devices) return
    const onChange = () => void listDevices()
    devices.addEventListener('devicechange', onChange)
    return () => devices.removeEventListener('devicechange', onChange)
  }, [listDevices])

  // The camera's light goes off with the page.
  useEffect(
    () => () => {
      requestRef.current++
      stopAll(streamRef.current)
      streamRef.current = null
    },
    [],
  )

  return { media, start, stop, toggle }
}
