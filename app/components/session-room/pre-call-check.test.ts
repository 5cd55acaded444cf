import { describe, expect, test } from 'vitest'
import { ROOM_TEXT } from '~/models/sessions/room'
import { inEnglish, inFrench } from '../../../tests/helpers/i18n'
import {
  candidateKind,
  configuredServers,
  levelOf,
  networkStatus,
  serversOfKind,
  verdictOf,
  type CandidateKind,
  type DeviceCheck,
} from './pre-call-check'

const CHECK = ROOM_TEXT.check
const kinds = (...list: CandidateKind[]) => new Set(list)

describe('the candidates the network check gathers', () => {
  test('a candidate’s kind: the browser’s type, else the typ of its line', () => {
    expect(candidateKind({ type: 'relay', candidate: '' })).toBe('relay')
    expect(
      candidateKind({
        candidate: 'candidate:842163049 1 udp 1677729535 203.0.113.7 50123 typ srflx raddr 0.0.0.0 rport 0',
      }),
    ).toBe('srflx')
    expect(candidateKind({ type: null, candidate: 'candidate:1 1 udp 2122260223 abc.local 54400 typ host' })).toBe(
      'host',
    )
    expect(
      candidateKind({ candidate: 'candidate:3 1 udp 41885439 198.51.100.2 3478 typ relay raddr 203.0.113.7' }),
    ).toBe('relay')
  })

  test('the empty candidate that ends gathering, or a line with no kind, is none', () => {
    expect(candidateKind({ candidate: '' })).toBeNull()
    expect(candidateKind({ type: 'mystery', candidate: 'candidate:1 1 udp 1 1.2.3.4 5 typ mystery' })).toBeNull()
    expect(candidateKind({})).toBeNull()
  })

  test('the servers of one kind, each with its credential, to gather with apart', () => {
    const servers = [
      { urls: ['stun:a.example.com', 'turn:a.example.com'], username: '1:2', credential: 'x' },
      { urls: 'stun:b.example.com' },
    ]
    expect(serversOfKind(servers, 'stun')).toEqual([
      { urls: ['stun:a.example.com'], username: '1:2', credential: 'x' },
      { urls: ['stun:b.example.com'] },
    ])
    expect(serversOfKind(servers, 'turn')).toEqual([{ urls: ['turn:a.example.com'], username: '1:2', credential: 'x' }])
    expect(serversOfKind([], 'turn')).toEqual([])
  })

  test('which servers the room has: STUN, TURN (turns: too), both or none', () => {
    expect(configuredServers([])).toEqual({ stun: false, turn: false })
    expect(configuredServers([{ urls: 'stun:stun.example.com:3478' }])).toEqual({ stun: true, turn: false })
    expect(
      configuredServers([
        { urls: ['stun:a.example.com'] },
        { urls: ['turns:a.example.com:5349?transport=tcp'], username: '1:2', credential: 'x' },
      ]),
    ).toEqual({ stun: true, turn: true })
    expect(configuredServers([{ urls: ['turn:a.example.com'], username: '1:2', credential: 'x' }])).toEqual({
      stun: false,
      turn: true,
    })
  })
})

describe('what the network check concludes', () => {
  test('no server configured (the default, the offline demo): untested, whatever was gathered', () => {
    expect(networkStatus({ stun: false, turn: false }, kinds('host'))).toBe('untested')
    expect(networkStatus({ stun: false, turn: false }, kinds())).toBe('untested')
  })

  test('the TURN relay answering is enough: a call can always go through it', () => {
    expect(networkStatus({ stun: true, turn: true }, kinds('host', 'srflx', 'relay'))).toBe('ok')
    expect(networkStatus({ stun: true, turn: true }, kinds('host', 'relay'))).toBe('ok')
    expect(networkStatus({ stun: false, turn: true }, kinds('relay'))).toBe('ok')
  })

  test('STUN without the configured TURN is in part; STUN alone, when it is all there is, is enough', () => {
    expect(networkStatus({ stun: true, turn: true }, kinds('host', 'srflx'))).toBe('limited')
    expect(networkStatus({ stun: true, turn: false }, kinds('host', 'srflx'))).toBe('ok')
    // A TURN server's answer names the browser's public address too, without giving a relay.
    expect(networkStatus({ stun: false, turn: true }, kinds('host', 'srflx'))).toBe('limited')
  })

  test('gathering that finishes without a STUN error: STUN answered with the device’s own public address', () => {
    expect(networkStatus({ stun: true, turn: false }, kinds('host'), { stunComplete: true })).toBe('ok')
    expect(networkStatus({ stun: true, turn: true }, kinds('host'), { stunComplete: true })).toBe('limited')
  })

  test('no server answering (only the device’s own addresses): blocked', () => {
    expect(networkStatus({ stun: true, turn: true }, kinds('host'))).toBe('blocked')
    expect(networkStatus({ stun: true, turn: false }, kinds())).toBe('blocked')
  })
})

describe('the microphone’s level', () => {
  test('silence (every sample at 128) is 0; a loud signal fills the bar, and no more', () => {
    expect(levelOf(new Uint8Array(512).fill(128))).toBe(0)
    expect(levelOf([])).toBe(0)
    const loud = Uint8Array.from({ length: 512 }, (_, i) => (i % 2 ? 255 : 0))
    expect(levelOf(loud)).toBe(100)
    const quiet = Uint8Array.from({ length: 512 }, (_, i) => (i % 2 ? 131 : 125))
    expect(levelOf(quiet)).toBeGreaterThan(0)
    expect(levelOf(quiet)).toBeLessThan(20)
  })
})

describe('the verdict', () => {
  const fine: DeviceCheck = { problem: null, hasAudio: true, hasVideo: true, microphone: 'heard' }

  test('all well: camera, microphone and connection ready; without servers to try, the devices only', () => {
    expect(verdictOf(fine, 'ok')).toEqual({ state: 'ready', text: CHECK.allReady })
    expect(verdictOf(fine, 'untested')).toEqual({ state: 'ready', text: CHECK.devicesReady })
    // A microphone or camera the person turned off is their choice, not a problem.
    expect(verdictOf({ ...fine, microphone: 'off' }, 'ok')).toEqual({ state: 'ready', text: CHECK.allReady })
  })

  test('still checking while the network is, or the microphone has not been heard yet', () => {
    expect(verdictOf(fine, 'checking')).toEqual({ state: 'checking' })
    expect(verdictOf({ ...fine, microphone: 'listening' }, 'ok')).toEqual({ state: 'checking' })
  })

  test('each problem says what to do, and a problem is said without waiting for the rest', () => {
    expect(verdictOf({ ...fine, problem: 'denied', hasAudio: false, hasVideo: false }, 'checking')).toEqual({
      state: 'problems',
      problems: [CHECK.fix.denied],
    })
    expect(verdictOf({ ...fine, hasVideo: false }, 'ok')).toEqual({ state: 'problems', problems: [CHECK.fix.noCamera] })
    expect(verdictOf({ ...fine, hasAudio: false }, 'untested')).toEqual({
      state: 'problems',
      problems: [CHECK.fix.noMicrophone],
    })
    expect(verdictOf({ ...fine, microphone: 'silent' }, 'blocked')).toEqual({
      state: 'problems',
      problems: [CHECK.fix.microphoneSilent, CHECK.fix.blocked],
    })
    expect(verdictOf(fine, 'limited')).toEqual({ state: 'problems', problems: [CHECK.fix.limited] })
    expect(verdictOf({ ...fine, problem: 'no-devices' }, 'unsupported')).toEqual({
      state: 'problems',
      problems: [CHECK.fix['no-devices'], CHECK.fix.unsupported],
    })
  })

  test('the words the person reads: the ready sentence, and what to do about a blocked network', () => {
    expect(inEnglish(CHECK.allReady)).toBe('Your camera, microphone and connection are ready')
    expect(inEnglish(CHECK.fix.blocked)).toMatch(/try another network .* turn off your VPN/)
    expect(inEnglish(CHECK.fix.denied)).toMatch(/site settings/)
  })

  test('in French: the verdict and every fix, in the reader’s language', () => {
    expect(inFrench(CHECK.allReady)).toBe('Votre caméra, votre microphone et votre connexion sont prêts')
    const { problems } = verdictOf({ ...fine, problem: 'no-devices' }, 'blocked') as { problems: string[] }
    expect(problems.map(inFrench)).toEqual([
      'Aucune caméra ni aucun microphone n’a été trouvé\u00a0: branchez-en un, ou rejoignez la séance sans eux.',
      'Votre réseau bloque les appels vidéo\u00a0: essayez un autre réseau (le partage de connexion d’un téléphone) ou désactivez votre RPV.',
    ])
    for (const fix of Object.values(CHECK.fix)) expect(inFrench(fix)).not.toBe(inEnglish(fix))
  })
})
