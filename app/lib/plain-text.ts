import { z } from 'zod'
import { msg } from './i18n/message'

/**
 * What may be in a text a person or an API caller sends, client-safe: every zod schema under
 * app/models builds its text fields from `oneLineText` or `multiLineText`, so the browser
 * (conform) and the server refuse the same characters with the same words.
 *
 * - A one-line field (a name, a subject, a title, a phone number, a service name…) refuses
 *   every control character: C0 (tab, line feed and carriage return included: a tab in a
 *   name is a paste accident, and a line break in one forges email headers and log lines),
 *   DEL, C1 (U+0085 NEL included), the Unicode line and paragraph separators U+2028 and
 *   U+2029, and lone UTF-16 surrogates (JSON's "\ud800", which SQLite would store as invalid
 *   UTF-8).
 * - A multi-line field (a description, a bio, a message, a note) keeps its line breaks (\n and
 *   \r\n) and tabs; U+2028 and U+2029, which some editors put in pasted text, become \n. It
 *   refuses every other control character, a carriage return that does not start a \r\n, and
 *   lone surrogates.
 *
 * - Both refuse the Unicode direction controls (U+202A–U+202E embeddings and overrides, U+2066–
 *   U+2069 isolates, issue 41), with their own message: they make a text read otherwise than it
 *   is stored (an intake answer or a report in the practitioner's chart, a name in a list) and
 *   no one needs them to type right-to-left text. The direction marks U+200E, U+200F and U+061C,
 *   which only nudge a neutral character and are part of ordinary Arabic and Hebrew text, stay.
 *
 * A field that trims still trims first, so a line break pasted at either end is dropped
 * rather than refused. A refused character is the field's only message: the checks chained
 * after it (length, format) are not run. Emails keep their own message (`emailField` refuses
 * these characters as an invalid address).
 */

export const ONE_LINE_TEXT = msg('common:validation.oneLineText')
export const MULTI_LINE_TEXT = msg('common:validation.multiLineText')
export const DIRECTION_CONTROL_TEXT = msg('common:validation.directionControlText')

// With the `u` flag a surrogate pair is one code point, so [\ud800-\udfff] matches only a lone
// surrogate. No lookbehind: the same expressions run in every browser the forms support.
// eslint-disable-next-line no-control-regex -- control characters are what these find
const NOT_ONE_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\ud800-\udfff]/u
// eslint-disable-next-line no-control-regex -- as above; \t, \n and \r\n are allowed
const NOT_MULTI_LINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ud800-\udfff]|\r(?!\n)/u
const SEPARATORS = /[\u2028\u2029]/g
const DIRECTION_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/
const DIRECTION_CONTROL_RUNS = /[\u202a-\u202e\u2066-\u2069]+/g
// eslint-disable-next-line no-control-regex -- as above
const NOT_ONE_LINE_RUNS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\ud800-\udfff]+/gu

/** Whether `text` holds a direction control (U+202A–U+202E, U+2066–U+2069). */
export function hasDirectionControls(text: string) {
  return DIRECTION_CONTROLS.test(text)
}

/** Whether `text` holds no control character, line or paragraph separator, direction control or lone surrogate. */
export function isOneLineText(text: string) {
  return !NOT_ONE_LINE.test(text) && !hasDirectionControls(text)
}

/** Whether `text` holds no control character but \t, \n and \r\n, no direction control and no lone surrogate. */
export function isMultiLineText(text: string) {
  return !NOT_MULTI_LINE.test(text) && !hasDirectionControls(text)
}

/**
 * `text` made fit for one line (an email's subject): direction controls are dropped, each run of
 * what else a one-line field refuses becomes one space, and the ends are trimmed. For text that
 * was not validated as one line (written before these rules, or made by the app).
 */
export function singleLine(text: string) {
  return text.replace(DIRECTION_CONTROL_RUNS, '').replace(NOT_ONE_LINE_RUNS, ' ').trim()
}

type TextParams = {
  /** What z.string says when the value is missing or not a string (usually "… is required"). */
  error?: string
  /**
   * What a refused character says, unless the spec words the field's refusal: `ONE_LINE_TEXT` /
   * `MULTI_LINE_TEXT`, and `DIRECTION_CONTROL_TEXT` for a direction control.
   */
  message?: string
  /** Trim the ends first (default true). */
  trim?: boolean
}

/** A one-line text field: `z.string()`, trimmed, refusing what `isOneLineText` refuses. Chain `.min()`/`.max()` after it. */
export function oneLineText({ error, message, trim = true }: TextParams = {}) {
  const text = z.string(error === undefined ? undefined : { error })
  return refuseDirectionControls(trim ? text.trim() : text, message).refine(isOneLineText, {
    error: message ?? ONE_LINE_TEXT,
    abort: true,
  })
}

/** A multi-line text field: `z.string()`, trimmed, U+2028/U+2029 as \n, refusing what `isMultiLineText` refuses. */
export function multiLineText({ error, message, trim = true }: TextParams = {}) {
  const text = z.string(error === undefined ? undefined : { error }).overwrite((v) => v.replace(SEPARATORS, '\n'))
  return refuseDirectionControls(trim ? text.trim() : text, message).refine(isMultiLineText, {
    error: message ?? MULTI_LINE_TEXT,
    abort: true,
  })
}

/** Checked before the other characters, so that a direction control is told as what it is. */
function refuseDirectionControls(text: z.ZodString, message: string | undefined) {
  return text.refine((v) => !hasDirectionControls(v), { error: message ?? DIRECTION_CONTROL_TEXT, abort: true })
}
