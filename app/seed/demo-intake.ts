import type { Tx } from '~/db/client.server'
import { insertForm } from '~/models/intake/intake-forms.server'
import type { SeededService } from './demo-services'

/** The demo practitioner (practitioner@solace.test). */
export const DEMO_INTAKE_PRACTITIONER = 'priya'

/** The service of the demo practitioner whose clients the demo intake form is asked of. */
const DEMO_INTAKE_SERVICE = 'restorative-yin-and-breath'

/**
 * The demo practitioner's intake form, asked before "Restorative Yin & Breath": a newcomer sees
 * the client's Complete Intake Form and the practitioner's "Intake: waiting" at once
 * (docs/decisions/041-intake-forms.md). Local demo data only.
 */
export function insertDemoIntake(tx: Tx, practitionerId: number, services: Map<string, SeededService>) {
  const service = services.get(DEMO_INTAKE_SERVICE)
  if (!service) throw new Error(`No demo service ${DEMO_INTAKE_SERVICE}`)
  insertForm(tx, practitionerId, {
    title: 'Before your first session',
    serviceIds: [service.id],
    firstSessionOnly: false,
    questions: [
      { kind: 'paragraph', label: 'What would you like to work on together?', required: true },
      {
        kind: 'single',
        label: 'How have you been sleeping lately?',
        required: true,
        options: ['Well', 'Some nights are hard', 'Poorly'],
      },
      { kind: 'yesno', label: 'Have you practised yoga or breathwork before?', required: false },
      { kind: 'short', label: 'Any injuries or conditions I should know about?', required: false },
      {
        kind: 'consent',
        label:
          'I understand that these sessions support my wellbeing and are not medical care, and that I can stop any exercise at any time.',
        required: true,
      },
    ],
  })
}
