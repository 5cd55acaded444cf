import { useEffect, useState } from 'react'
import { HEARD_LEVEL, levelOf, type DeviceCheck } from './pre-call-check'

/** How often the bar moves: often enough to follow a voice, rarely enough not to busy React. */
const SAMPLE_MS = 100
/** How long the microphone may stay silent before the check says it hears nothing. */
export const SILENT_AFTER_MS = 8_000

/** An AudioContext where the browser has one (Safari before 14.1 names it with a prefix). */
function newAudioContext(): AudioContext | null {
  const Context =
    typeof window === 'undefined'
      ? undefined
      : (window.AudioContext ?? (window as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext)
  return Context ? new Context() : null
}

/**
 * The microphone's level (0 to 100) for the lobby's meter, from a Web Audio AnalyserNode on the
 * preview stream's own audio track: nothing is recorded or sent, and the stream is not copied
 * (its tracks stay the ones the call sends and Leave stops). Also whether it has heard anything:
 * a microphone on that stays silent for SILENT_AFTER_MS is one the person should change.
 *
 * A browser may start an AudioContext suspended until the person touches the page: the meter
 * then waits for the first click or key, and the silence is not counted while it waits.
 */
export function useMicLevel(stream: MediaStream | null, on: boolean) {
  const [level, setLevel] = useState(0)
  const [heard, setHeard] = useState<DeviceCheck['microphone']>('listening')
  const track = stream?.getAudioTracks()[0] ?? null

  useEffect(() => {
    setLevel(0)
    if (!stream || !track || !on) {
      setHeard(on ? 'listening' : 'off')
      return
    }
    setHeard((now) => (now === 'heard' ? now : 'listening'))
    const context = newAudioContext()
    if (!context) return
    const analyser = context.createAnalyser()
    analyser.fftSize = 1024
    // A stream of this track alone: the video track has no business in the audio graph.
    const source = context.createMediaStreamSource(new MediaStream([track]))
    source.connect(analyser)
    const samples = new Uint8Array(analyser.fftSize)
    let silentFor = 0

    const resume = () => void context.resume().catch(() => {})
    resume()
    document.addEventListener('pointerdown', resume)
    document.addEventListener('keydown', resume)

    const timer = setInterval(() => {
      if (context.state !== 'running') return
      analyser.getByteTimeDomainData(samples)
      const now = levelOf(samples)
      setLevel(now)
      if (now >= HEARD_LEVEL) {
        silentFor = 0
        setHeard('heard')
      } else if ((silentFor += SAMPLE_MS) >= SILENT_AFTER_MS) {
        setHeard((before) => (before === 'heard' ? before : 'silent'))
      }
    }, SAMPLE_MS)

    return () => {
      clearInterval(timer)
      document.removeEventListener('pointerdown', resume)
      document.removeEventListener('keydown', resume)
      source.disconnect()
      void context.close().catch(() => {})
    }
  }, [stream, track, on])

  return { level, heard }
}

/**
 * A short tone through the speakers (or headphones) the page plays to: an oscillator, faded in
 * and out so it does not click. Called from a click, so the browser lets it sound.
 */
export function playTestTone() {
  const context = newAudioContext()
  if (!context) return
  const oscillator = context.createOscillator()
  const gain = context.createGain()
  oscillator.type = 'sine'
  oscillator.frequency.value = 660
  const start = context.currentTime
  gain.gain.setValueAtTime(0, start)
  gain.gain.linearRampToValueAtTime(0.3, start + 0.05)
  gain.gain.setValueAtTime(0.3, start + 0.55)
  gain.gain.linearRampToValueAtTime(0, start + 0.6)
  oscillator.connect(gain).connect(context.destination)
  oscillator.start(start)
  oscillator.stop(start + 0.6)
  oscillator.addEventListener('ended', () => void context.close().catch(() => {}))
}
