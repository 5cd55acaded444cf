import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { LOCALE_TAGS } from '~/lib/i18n/languages'
import { appRoutes, fill } from '../replica/app-routes'
import { extraViews, paramsFor, type Actor, type CrawlIds, type Crawler } from '../replica/crawl'
import { ROOT, type App } from '../replica/replica-cluster'
import { foreignTextFinder, unchangedTextFinder, type Finding } from './foreign-text'
import { pageText, type PageText } from './page-text'
import type { Language } from './catalogue-entries'
import type { UserContent } from './user-content'

/**
 * The screens of the route table (app/routes, tests/replica/app-routes.ts), each at an address
 * the crawl's fixtures give it, read as HTML in a language by each actor, and what in them is
 * not in that language.
 */

/** A screen: a route module with a component (resource routes, /api and files are not read here). */
const isScreen = (file: string) => /export\s+default\b/.test(fs.readFileSync(path.join(ROOT, file), 'utf8'))

/** Every screen's address, with the route it shows (its pattern); routes it cannot fill. */
export async function screenTargets(database: string, ids: CrawlIds) {
  const targets = new Map<string, string>()
  const unfilled: string[] = []
  for (const route of await appRoutes()) {
    if (!isScreen(route.file)) continue
    const values = paramsFor(route.pattern, ids)
    if (!values) unfilled.push(`${route.file}: no crawl values for ${route.pattern} (add them to paramsFor)`)
    else if (!targets.has(fill(route.pattern, values))) targets.set(fill(route.pattern, values), route.pattern)
  }
  for (const [view, what] of [...extraViews(ids), ...dialogViews(database, ids)]) targets.set(view, what)
  return { targets, unfilled }
}

/**
 * Views a screen shows for its query (tabs, dialogs and confirmations are URL state, so that
 * they work without JavaScript): each with its own texts, named after the screen and the view.
 */
function dialogViews(database: string, ids: CrawlIds): [string, string][] {
  const db = new Database(database, { readonly: true })
  const one = (sql: string, ...values: unknown[]) => (db.prepare(sql).get(...values) as { id: number } | undefined)?.id
  try {
    const openSlot = one(
      'SELECT id FROM time_slots WHERE service_id = ? AND is_booked = 0 AND start_time > ? ORDER BY start_time LIMIT 1',
      ids.service,
      Date.now() + 2 * 24 * 60 * 60 * 1000,
    )
    const ownSlot = one(
      'SELECT id FROM time_slots WHERE practitioner_id = ? AND is_booked = 0 ORDER BY id LIMIT 1',
      ids.practitioner,
    )
    const message = one(
      'SELECT id FROM messages WHERE sender_id = ? AND recipient_id = ? ORDER BY id LIMIT 1',
      ids.client,
      ids.practitioner,
    )
    const views: [string, string | undefined][] = [
      ['/admin/dashboard?tab=messages', 'admin: messages'],
      ['/admin/dashboard?tab=leads', 'admin: leads'],
      [`/admin/dashboard?tab=users&deleteUser=${ids.client}`, 'admin: delete a user'],
      [`/admin/dashboard?tab=messages&deleteMessage=${ids.contactMessage}`, 'admin: delete a message'],
      [`/admin/dashboard?tab=leads&deleteLead=${ids.lead}`, 'admin: delete a lead'],
      [`/services/${ids.service}?slot=${openSlot}`, openSlot ? 'booking: a time chosen' : undefined],
      [`/client-dashboard?cancel=${ids.booking}`, 'client dashboard: cancel'],
      [`/practitioner/dashboard?cancel=${ids.booking}`, 'practitioner dashboard: cancel'],
      [`/practitioner/services?edit=${ids.service}`, 'services: edit'],
      [`/practitioner/services?delete=${ids.service}`, 'services: delete'],
      [`/practitioner/services/packages?edit=${ids.package}`, 'packages: edit'],
      [`/practitioner/services/packages?delete=${ids.package}`, 'packages: delete'],
      ['/practitioner/calendar?add=single', 'calendar: add a time'],
      ['/practitioner/calendar?add=batch', 'calendar: add times'],
      [`/practitioner/calendar?delete=${ownSlot}`, ownSlot ? 'calendar: delete a time' : undefined],
      [`/practitioner/inbox?with=${ids.client}&reply=new`, 'practitioner inbox: a conversation'],
      [
        `/client-inbox?with=${ids.practitioner}&delete=${message}`,
        message ? 'client inbox: delete a message' : undefined,
      ],
      ['/launching-soon?joined=1', 'launching soon: joined'],
    ]
    return views.filter((view): view is [string, string] => view[1] !== undefined)
  } finally {
    db.close()
  }
}

/** A screen as one actor read it, and what was wrong with it. */
export type Reading = {
  target: string
  route: string
  actor: Actor
  status: number
  page: PageText
  findings: Finding[]
}

/** The Accept-Language a browser set to the other language sends: a person's choice must win over it. */
const BROWSER: Record<Language, string> = { en: 'en-CA,en;q=0.9', fr: 'fr-CA,fr;q=0.9' }
export const otherLanguage = (language: Language): Language => (language === 'en' ? 'fr' : 'en')

/**
 * Reads every screen as each actor in `language`: the visitor's browser asks for it, the
 * signed-in actors chose it (their browsers ask for the other one). Pages are read four at a
 * time; redirects and answers that are not HTML are passed over (the page they lead to is read
 * at its own address).
 */
export async function readScreens(
  app: App,
  crawl: Crawler,
  {
    targets,
    actors,
    language,
    written,
  }: {
    targets: Map<string, string>
    actors: Actor[]
    language: Language
    written: UserContent
  },
) {
  const find = foreignTextFinder(language, written)
  const jobs = actors.flatMap((actor) => [...targets].map(([target, route]) => ({ actor, target, route })))
  const readings: Reading[] = []
  const next = async (): Promise<void> => {
    const job = jobs.shift()
    if (!job) return
    const browser = job.actor === 'visitor' ? BROWSER[language] : BROWSER[otherLanguage(language)]
    const get = () => crawl.call(app, job.actor, job.target, { headers: { 'Accept-Language': browser } })
    // A kept-alive connection the server closed as it was taken again fails before any answer:
    // asked again, once, on a new one (a GET).
    const answer = await get().catch(get)
    const html = answer.headers.get('content-type')?.startsWith('text/html') ? await answer.text() : null
    if (html === null) await answer.arrayBuffer()
    else readings.push({ ...job, status: answer.status, ...checkPage(html, language, find) })
    return next()
  }
  await Promise.all([next(), next(), next(), next()])
  return readings
}

/** What is wrong with one page in `language`: its `lang`, its catalogues, its words. */
export function checkPage(html: string, language: Language, find: ReturnType<typeof foreignTextFinder>) {
  const page = pageText(html)
  const findings: Finding[] = []
  if (page.lang !== LOCALE_TAGS[language]) {
    findings.push({ text: `<html lang="${page.lang}">`, why: `not ${LOCALE_TAGS[language]}`, run: '' })
  }
  if (page.catalogues?.language !== language) {
    findings.push({ text: `catalogues in ${page.catalogues?.language}`, why: `not ${language}`, run: '' })
  }
  for (const ns of ['emails', 'files']) {
    if (page.catalogues?.namespaces.includes(ns))
      findings.push({ text: ns, why: 'a catalogue sent to the browser', run: '' })
  }
  return { page, findings: [...findings, ...find(page)] }
}

/**
 * The texts each screen shows the same in both languages (`unchangedTextFinder`), as readings
 * of the French pass: a screen read in both, with the same status, by the same actor.
 */
export function unchangedReadings(english: Reading[], french: Reading[], written: UserContent) {
  const find = unchangedTextFinder(written)
  const inEnglish = new Map(english.map((reading) => [`${reading.actor} ${reading.target}`, reading]))
  return french.flatMap((reading) => {
    const other = inEnglish.get(`${reading.actor} ${reading.target}`)
    if (!other || other.status !== reading.status) return []
    return [{ ...reading, findings: find(other.page, reading.page) }]
  })
}

const clip = (text: string, length = 100) => (text.length > length ? `${text.slice(0, length - 1)}…` : text)

/**
 * The findings as lines an area's owner can act on: one per route and run of text, with the
 * actors who saw it and everything wrong in it:
 * `/services/:id [visitor, client] (200) "Book now": English text of marketplace:cta.book "book now"`.
 */
export function report(readings: Reading[]) {
  const lines = new Map<string, { actors: Set<Actor>; why: Set<string> }>()
  for (const { route, actor, status, findings } of readings) {
    for (const finding of findings) {
      const where = `${route}\u0000(${status}) ${finding.run ? JSON.stringify(clip(finding.run)) : 'the page'}`
      const line = lines.get(where) ?? { actors: new Set(), why: new Set() }
      line.actors.add(actor)
      line.why.add(`${finding.why} ${JSON.stringify(finding.text)}`)
      lines.set(where, line)
    }
  }
  return [...lines]
    .map(
      ([where, { actors, why }]) =>
        `${where.replace('\u0000', ` [${[...actors].join(', ')}] `)}: ${[...why].join('; ')}`,
    )
    .sort()
}

/** Which screens each actor was shown, with their status: what a report covers. */
export function coverage(readings: Reading[]) {
  return readings.map(({ actor, target, status, findings }) => `${status} ${actor} ${target} ${findings.length}`).sort()
}
