/**
 * Every catalogue, for the server (which renders and writes emails in either language). Imported one
 * by one rather than by a glob so that tsx (the seed) and the CLI build read them as Vite does; a
 * test checks that every file in app/locales is here and that both languages have the same keys.
 */
import enAccount from '~/locales/en/account.json'
import enAdmin from '~/locales/en/admin.json'
import enAuth from '~/locales/en/auth.json'
import enBilling from '~/locales/en/billing.json'
import enBooking from '~/locales/en/booking.json'
import enCommon from '~/locales/en/common.json'
import enEmails from '~/locales/en/emails.json'
import enFiles from '~/locales/en/files.json'
import enIntake from '~/locales/en/intake.json'
import enLegal from '~/locales/en/legal.json'
import enMarketplace from '~/locales/en/marketplace.json'
import enMessaging from '~/locales/en/messaging.json'
import enPackages from '~/locales/en/packages.json'
import enPractice from '~/locales/en/practice.json'
import enRecords from '~/locales/en/records.json'
import enRoom from '~/locales/en/room.json'
import enWaitlist from '~/locales/en/waitlist.json'
import frAccount from '~/locales/fr/account.json'
import frAdmin from '~/locales/fr/admin.json'
import frAuth from '~/locales/fr/auth.json'
import frBilling from '~/locales/fr/billing.json'
import frBooking from '~/locales/fr/booking.json'
import frCommon from '~/locales/fr/common.json'
import frEmails from '~/locales/fr/emails.json'
import frFiles from '~/locales/fr/files.json'
import frIntake from '~/locales/fr/intake.json'
import frLegal from '~/locales/fr/legal.json'
import frMarketplace from '~/locales/fr/marketplace.json'
import frMessaging from '~/locales/fr/messaging.json'
import frPackages from '~/locales/fr/packages.json'
import frPractice from '~/locales/fr/practice.json'
import frRecords from '~/locales/fr/records.json'
import frRoom from '~/locales/fr/room.json'
import frWaitlist from '~/locales/fr/waitlist.json'
import type { Language, Namespace } from './languages'

type Catalogue = Record<string, unknown>

export const CATALOGUES: Record<Language, Record<Namespace, Catalogue>> = {
  en: {
    common: enCommon,
    marketplace: enMarketplace,
    legal: enLegal,
    auth: enAuth,
    account: enAccount,
    booking: enBooking,
    billing: enBilling,
    packages: enPackages,
    waitlist: enWaitlist,
    intake: enIntake,
    practice: enPractice,
    records: enRecords,
    messaging: enMessaging,
    admin: enAdmin,
    room: enRoom,
    emails: enEmails,
    files: enFiles,
  },
  fr: {
    common: frCommon,
    marketplace: frMarketplace,
    legal: frLegal,
    auth: frAuth,
    account: frAccount,
    booking: frBooking,
    billing: frBilling,
    packages: frPackages,
    waitlist: frWaitlist,
    intake: frIntake,
    practice: frPractice,
    records: frRecords,
    messaging: frMessaging,
    admin: frAdmin,
    room: frRoom,
    emails: frEmails,
    files: frFiles,
  },
}
