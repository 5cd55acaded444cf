import { readFileSync } from 'node:fs'
import { createInstance, type TFunction } from 'i18next'
import { translateMessage } from '../../app/lib/i18n/message'
import { I18NEXT_OPTIONS } from '../../app/lib/i18n/options'
import { ROOM_TEXT as ROOM_MESSAGES } from '../../app/models/sessions/room'

/**
 * The video room's words in English, the shape of ROOM_TEXT (app/models/sessions/room.ts): there
 * they are catalogue keys until a page shows them, here the English text the pages show, so the
 * flows look for exactly what a person reads. The catalogue is read as a file: Playwright's
 * loader does not import JSON (the app's server i18n, tests/helpers/i18n.ts, does).
 */
const catalogue = (ns: string) =>
  JSON.parse(readFileSync(new URL(`../../app/locales/en/${ns}.json`, import.meta.url), 'utf8')) as object

const english = createInstance()
void english.init({
  ...I18NEXT_OPTIONS,
  lng: 'en',
  ns: ['common', 'room'],
  resources: { en: { common: catalogue('common'), room: catalogue('room') } },
  initImmediate: false,
})
const t = english.getFixedT('en') as TFunction

type English<T> = T extends string
  ? string
  : T extends (...args: infer A) => string
    ? (...args: A) => string
    : { [K in keyof T]: English<T[K]> }

function inEnglishAll<T>(texts: T): English<T> {
  if (typeof texts === 'string') return translateMessage(t, texts) as English<T>
  if (typeof texts === 'function') {
    return ((...args: unknown[]) =>
      translateMessage(t, (texts as (...args: unknown[]) => string)(...args))) as English<T>
  }
  return Object.fromEntries(
    Object.entries(texts as Record<string, unknown>).map(([key, value]) => [key, inEnglishAll(value)]),
  ) as English<T>
}

export const ROOM_TEXT = inEnglishAll(ROOM_MESSAGES)
