import { beforeEach, describe, expect, test } from 'vitest'
import { getDb } from '~/db/client.server'
import { patientDocuments } from '~/db/schema'
import { resetAllLimits } from '~/lib/rate-limit.server'
import { deleteAccount } from '~/models/accounts/user.server'
import { sendUnreadMessageEmails } from '~/models/messaging/message-emails.server'
import { sendMessage } from '~/models/messaging/message.server'
import { SYSTEM_PROMPT, systemPrompt } from '~/models/records/ai-consult.server'
import { createNote } from '~/models/records/notes.server'
import { createPatient } from '~/models/records/patients.server'
import * as clientInbox from '~/routes/_client.client-inbox'
import * as messagesApi from '~/routes/api.messages'
import * as aiConsultApi from '~/routes/api.patient-profiles.$id.ai-consult'
import * as screen from '~/routes/practitioner.patient-charting/route'
import * as exportScreen from '~/routes/practitioner_.patient-charting.$id.export'
import { requestContext } from '../../server/request-context.js'
import {
  callApi,
  createListedPractitioner,
  createUser,
  formReply,
  formRequest,
  getRequest,
  jsonRequest,
  outbox,
  readToast,
  routeArgs,
  settle,
  signIn,
  type FormFields,
} from '../helpers'
import { apiError, chartedPatient, failNextAiCalls, recordAiRequests } from '../helpers/ai'
import { inEnglish, inFrench } from '../helpers/i18n'

/**
 * Patient charts and messaging for a practitioner or client who reads Solace in French (issue
 * 48): the new-message email in its recipient's language, the chart export and the screens'
 * loaders and actions in the reader's, /api refusals in the person's, and the AI asked to
 * answer in the practitioner's. English stays as the spec says (the area's other test files).
 */

const NBSP = '\u00a0'
const CHART = '/practitioner/patient-charting'
/** '21 nov. 2026 à 9 h 30 HNE': a French date, time and zone. */
const FRENCH_INSTANT = /^\d{1,2}\s\S+\s\d{4} à \d{1,2}\sh\s\d{2}\s\S+$/
/** 'Nov 21, 2026, 9:30 AM EST' */
const ENGLISH_INSTANT = /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M \S+$/

beforeEach(() => resetAllLimits())

async function practitioner(language?: 'en' | 'fr') {
  const user = await createUser({ isPractitioner: true, firstName: 'Mara', lastName: 'Chart', language })
  return { user, cookie: await signIn(user.id) }
}

/** Runs `run` as the server runs a request: its language is the signed-in person's once read. */
function inRequest<T>(run: () => Promise<T>) {
  return requestContext.run(
    { id: 'test', method: 'POST', route: null, pathname: '/', userId: null, language: 'en' },
    run,
  )
}

describe('the new-message email', () => {
  test('in its recipient’s language: French for one who chose it, English otherwise; never the message', async () => {
    const casey = await createUser({ firstName: 'Casey', lastName: 'Client', language: 'fr' })
    const priya = await createListedPractitioner({ firstName: 'Priya', lastName: 'Practitioner' })
    const t0 = new Date(Date.now() + 10_000 * 60_000)
    const words = { subject: 'Sommeil et horaires', content: 'Je dors mal depuis deux semaines.' }
    sendMessage(casey.id, { recipientId: priya.id, subject: 'Question', content: 'Is the studio quiet?' }, t0)
    sendMessage(priya.id, { recipientId: casey.id, ...words }, t0)
    sendMessage(priya.id, { recipientId: casey.id, subject: 'Suite', content: 'Et aussi le matin, tôt.' }, t0)
    await sendUnreadMessageEmails(new Date(t0.getTime() + 10 * 60_000), 'https://solace.example')

    const [toCasey] = outbox(casey.email)
    expect(toCasey!.subject).toBe('Priya Practitioner vous a envoyé des messages sur Solace')
    expect(toCasey!.text).toBe(
      [
        'Bonjour Casey,',
        '',
        `Priya Practitioner vous a envoyé 2${NBSP}nouveaux messages sur Solace.`,
        '',
        `Pour les lire et y répondre, rendez-vous dans votre messagerie${NBSP}: https://solace.example/client-inbox?with=${priya.id}#latest`,
        '',
        'Pour préserver la confidentialité de vos conversations, nous ne mettons jamais de messages dans nos courriels.',
      ].join('\n'),
    )
    expect(toCasey!.text).not.toContain(words.content)
    expect(toCasey!.subject + toCasey!.text).not.toContain(words.subject)

    const [toPriya] = outbox(priya.email)
    expect(toPriya!.subject).toBe('Casey Client sent you a message on Solace')
    expect(toPriya!.text).toContain('Hi Priya,')
    expect(toPriya!.text).toContain('Casey Client sent you a new message on Solace.')
    expect(toPriya!.text).toContain(
      `Read and reply in your inbox: https://solace.example/practitioner/inbox?with=${casey.id}#latest`,
    )
  })
})

describe('the chart export', () => {
  async function exported(language: 'en' | 'fr') {
    const { user, cookie } = await practitioner(language)
    const ada = createPatient(user.id, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      dateOfBirth: '1985-04-12',
      allergies: 'Poussière',
    })
    createNote(user.id, ada.id, { title: 'Suivi', content: 'Mieux.', noteType: 'treatment', isPrivate: true })
    getDb()
      .insert(patientDocuments)
      .values({
        patientProfileId: ada.id,
        practitionerId: user.id,
        fileName: 'k.enc',
        originalName: 'bilan.pdf',
        fileType: 'application/pdf',
        fileSize: 1536,
        filePath: 'documents/k.enc',
      })
      .run()
    const path = `${CHART}/${ada.id}/export`
    return exportScreen.loader({ ...routeArgs(getRequest(path, { cookie })), params: { id: String(ada.id) } })
  }

  test('in French for a practitioner who reads Solace in French: headings, labels, dates, sizes', async () => {
    const page = await exported('fr')
    expect(page.fields).toEqual([
      { label: 'Date de naissance', value: '12 avr. 1985' },
      { label: 'Allergies', value: 'Poussière' },
    ])
    expect(page.text).toMatchObject({
      profile: 'Profil',
      notes: 'Notes (1)',
      privateNote: 'Note privée',
      intake: 'Formulaires d’accueil (0)',
      noIntake: 'Aucune réponse à un formulaire d’accueil pour l’instant',
      documents: 'Documents (1)',
    })
    expect(page.text.exported).toMatch(/^Dossier du patient, exporté le /)
    expect(page.exportedAt).toMatch(FRENCH_INSTANT)
    expect(page.notes[0]).toMatchObject({ title: 'Suivi', category: 'Traitement', isPrivate: true })
    expect(page.notes[0]!.date).toMatch(FRENCH_INSTANT)
    expect(page.documents[0]).toMatchObject({ name: 'bilan.pdf', size: `1,5${NBSP}Ko` })
  })

  test('in English otherwise, as before', async () => {
    const page = await exported('en')
    expect(page.fields).toEqual([
      { label: 'Date of birth', value: 'Apr 12, 1985' },
      { label: 'Allergies', value: 'Poussière' },
    ])
    expect(page.text).toMatchObject({
      profile: 'Profile',
      notes: 'Notes (1)',
      privateNote: 'Private note',
      intake: 'Intake forms (0)',
      noIntake: 'No intake answers yet',
      documents: 'Documents (1)',
    })
    expect(page.text.exported).toBe(`Patient record, exported ${page.exportedAt}`)
    expect(page.exportedAt).toMatch(ENGLISH_INSTANT)
    expect(page.notes[0]).toMatchObject({ category: 'Treatment' })
    expect(page.documents[0]).toMatchObject({ size: '1.5 KB' })
  })
})

describe('the Patient Charting screen in French', () => {
  const load = (cookie: string, query = '') => screen.loader(routeArgs(getRequest(`${CHART}${query}`, { cookie })))
  const act = (cookie: string, fields: FormFields, query = '') =>
    settle(() => screen.action(routeArgs(formRequest(`${CHART}${query}`, fields, { cookie }))))

  test('what the loader writes: ages, dates, the trail, categories, the example questions', async () => {
    const { user, cookie } = await practitioner('fr')
    const ada = createPatient(user.id, { firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '1985-04-12' })
    createNote(user.id, ada.id, { title: 'Bilan', content: 'Sommeil.', noteType: 'assessment', isPrivate: false })
    const page = await load(cookie, `?patient=${ada.id}`)
    expect(page.patients[0]).toMatchObject({ name: 'Ada Lovelace', added: 'moins d’une minute' })
    expect(page.patient).toMatchObject({ dateOfBirth: '12 avr. 1985' })
    expect(page.patient!.history!.entries.map((e) => e.action)).toEqual([
      'Dossier consulté',
      'Note ajoutée',
      'Profil créé',
    ])
    expect(page.patient!.history!.entries[0]!.when).toMatch(FRENCH_INSTANT)
    expect(page.patient!.notes[0]).toMatchObject({ categoryLabel: 'Évaluation' })
    const ai = await load(cookie, `?patient=${ada.id}&tab=ai&example=0`)
    expect(ai.patient!.ai!.question).toBe(
      'Résumez les antécédents de ce patient et les principales préoccupations relevées dans ses notes.',
    )
  })

  test('a refused form says why in French, and the toasts are French', async () => {
    const { cookie } = await practitioner('fr')
    const fields = { intent: 'create-patient', firstName: '', lastName: 'Lovelace', medicalHistory: 'x'.repeat(5001) }
    const refused = formReply(await act(cookie, fields, '?new=1'))
    expect(refused.status).toBe(400)
    expect(refused.result.error?.firstName?.map(inFrench)).toEqual(['Le prénom est obligatoire'])
    expect(refused.result.error?.medicalHistory?.map(inFrench)).toEqual([
      `Antécédents médicaux${NBSP}: 5000 caractères au maximum`,
    ])
    // The same keys read in English as the spec's texts.
    expect(refused.result.error?.firstName?.map(inEnglish)).toEqual(['First name is required'])
    expect(refused.result.error?.medicalHistory?.map(inEnglish)).toEqual([
      'Medical history must be at most 5000 characters',
    ])

    const created = await act(cookie, { ...fields, firstName: 'Ada', medicalHistory: '' }, '?new=1')
    expect((created as Response).headers.get('Location')).toMatch(new RegExp(`^${CHART}\\?patient=\\d+$`))
    const toast = await readToast(created as Response)
    expect(inFrench(toast!.title)).toBe('Le profil du patient a été créé')
  })
})

describe('the inbox in French', () => {
  test('times, “Vous”, a deleted account, and a refused reply', async () => {
    const client = await createUser({ firstName: 'Casey', lastName: 'Client', language: 'fr' })
    const gone = await createListedPractitioner({ firstName: 'Priya', lastName: 'Gone' })
    const cookie = await signIn(client.id)
    sendMessage(client.id, { recipientId: gone.id, subject: 'Sommeil', content: 'Je dors mal ces temps-ci.' })
    sendMessage(gone.id, { recipientId: client.id, subject: 'Re: Sommeil', content: 'Essayez un bain chaud.' })
    await deleteAccount(new Request('http://localhost/'), gone.id, gone.password)

    const path = `/client-inbox?with=${gone.id}`
    const data = (await clientInbox.loader(routeArgs(getRequest(path, { cookie })))) as Exclude<
      Awaited<ReturnType<typeof clientInbox.loader>>,
      Response
    >
    expect(data.conversations[0]!.other.name).toBe('Compte supprimé')
    expect(data.conversations[0]!.time).toMatch(FRENCH_INSTANT)
    expect(data.thread!.messages.map((m) => m.sender)).toEqual(['Vous', 'Compte supprimé'])

    const reply = formReply(
      await settle(() =>
        clientInbox.action(
          routeArgs(
            formRequest(
              path,
              { intent: 'reply', recipientId: String(gone.id), subject: ' ', content: 'Court' },
              { cookie },
            ),
          ),
        ),
      ),
    )
    expect(reply.result.error?.subject?.map(inFrench)).toEqual(['L’objet est obligatoire'])
    expect(reply.result.error?.content?.map(inFrench)).toEqual(['Le message doit compter au moins 10 caractères'])
  })
})

describe('/api answers in the person’s language', () => {
  test('a refusal is in the language the signed-in person chose', async () => {
    const francophone = await createUser({ language: 'fr' })
    const anglophone = await createUser()
    const toSelf = async (user: { id: number }) =>
      inRequest(async () =>
        callApi(
          messagesApi.action,
          jsonRequest(
            '/api/messages',
            'POST',
            { recipientId: user.id, subject: 'Moi', content: 'Un message pour moi.' },
            { cookie: await signIn(user.id) },
          ),
        ),
      )
    expect(await toSelf(francophone)).toMatchObject({
      status: 400,
      body: { message: 'Vous ne pouvez pas vous envoyer un message à vous-même.' },
    })
    expect(await toSelf(anglophone)).toMatchObject({
      status: 400,
      body: { message: 'You cannot send a message to yourself.' },
    })
  })
})

describe('the AI consult in the practitioner’s language', () => {
  const ask = (cookie: string, patientId: number, question: string) =>
    inRequest(() =>
      callApi(
        aiConsultApi.action,
        jsonRequest(`/api/patient-profiles/${patientId}/ai-consult`, 'POST', { question }, { cookie }),
        { id: String(patientId) },
      ),
    )

  test('the system prompt asks for an answer in French; the record sent is the same, without private data', async () => {
    const fr = await practitioner('fr')
    const en = await practitioner()
    const { patient, words } = chartedPatient(fr.user.id)
    const { patient: theirs } = chartedPatient(en.user.id)
    const sent = recordAiRequests()

    expect((await ask(fr.cookie, patient.id, 'Sur quoi me concentrer?')).status).toBe(200)
    expect((await ask(en.cookie, theirs.id, 'What should I focus on?')).status).toBe(200)
    expect(sent).toHaveLength(2)
    const [french, english] = sent
    expect(french!.body.system).toBe(systemPrompt('fr'))
    expect(french!.body.system).toContain('Write `response` and `summary` in Canadian French')
    expect(english!.body.system).toBe(SYSTEM_PROMPT)
    expect(english!.body.system).toContain('Write `response` and `summary` in English')
    const everything = JSON.stringify(french!.body)
    for (const never of [words.privateTitle, words.privateContent, words.lastName, words.email, words.address]) {
      expect(everything).not.toContain(never)
    }
  })

  test('the demo answers in the practitioner’s language, its own disclaimer replaced in either', async () => {
    const fr = await practitioner('fr')
    const en = await practitioner()
    const { patient } = chartedPatient(fr.user.id)
    const { patient: theirs } = chartedPatient(en.user.id)
    const french = await ask(fr.cookie, patient.id, 'Sur quoi me concentrer?')
    expect(french.status).toBe(200)
    expect(french.body.response).toContain('**Réponse de démonstration.** Aucun modèle d’IA n’a lu ce dossier')
    expect(french.body.response).toContain('**Votre question**\n\n> Sur quoi me concentrer?')
    expect(french.body.response).toContain('### Ce que contient le dossier')
    expect(french.body.response).toMatch(/- 1 note partagée \(la plus récente\u00a0: «\u00a0.+\u00a0»\)/)
    expect(french.body.response).not.toMatch(/Avertissement médical|Demo|record|not recorded/)
    expect(french.body.summary).toMatch(/^Résumé de démonstration\u00a0: Le dossier de \S+ contient 1 note partagée/)
    const english = await ask(en.cookie, theirs.id, 'What should I focus on?')
    expect(english.body.response).toContain('**Demo answer.** No AI model read this record')
    expect(english.body.response).toContain('1 shared note (the latest: “')
    expect(english.body.response).not.toMatch(/disclaimer/i)
    expect(english.body.summary).toMatch(/^Demo summary: \S+’s record has 1 shared note/)
  })

  test('a failure of the AI service is told in French', async () => {
    const { user, cookie } = await practitioner('fr')
    const { patient } = chartedPatient(user.id)
    failNextAiCalls(99, () => apiError(529, 'overloaded_error', 'Overloaded'))
    expect(await ask(cookie, patient.id, 'Alors?')).toMatchObject({
      status: 502,
      body: { message: 'Le service d’IA est occupé en ce moment. Veuillez réessayer dans une minute.' },
    })
  })
})
