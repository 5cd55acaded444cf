import { VIDEO_STEPS } from './video-steps'

/**
 * What this page sends, set on the peer connection's senders (RTCRtpSender.setParameters, no
 * renegotiation): the voice first in the browser's share of the link and in the network's
 * queues (`priority`, `networkPriority`), the video last, at the step the plan chose
 * (video-steps.ts) or not at all while audio only is on. Setting a sender's parameters before
 * it has been negotiated fails: the next tuning, after the next reading, sets them.
 */
export async function tuneSenders(pc: RTCPeerConnection, tuning: { step: number; sendVideo: boolean }) {
  await Promise.all(
    pc.getSenders().map(async (sender) => {
      const kind = sender.track?.kind
      if (kind !== 'audio' && kind !== 'video') return
      const parameters = sender.getParameters()
      const [encoding] = parameters.encodings
      if (!encoding) return
      const wanted: RTCRtpEncodingParameters =
        kind === 'audio'
          ? { active: true, priority: 'high', networkPriority: 'high' }
          : {
              active: tuning.sendVideo,
              priority: 'low',
              networkPriority: 'low',
              ...VIDEO_STEPS[tuning.step],
            }
      if (Object.entries(wanted).every(([key, value]) => encoding[key as keyof RTCRtpEncodingParameters] === value)) {
        return
      }
      Object.assign(encoding, wanted)
      try {
        await sender.setParameters(parameters)
      } catch {
        // Not negotiated yet, or the connection is closing: the next reading tunes it again.
      }
    }),
  )
}
