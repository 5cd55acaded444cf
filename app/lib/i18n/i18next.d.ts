import type enAccount from '~/locales/en/account.json'
import type enAdmin from '~/locales/en/admin.json'
import type enAuth from '~/locales/en/auth.json'
import type enBilling from '~/locales/en/billing.json'
import type enBooking from '~/locales/en/booking.json'
import type enCommon from '~/locales/en/common.json'
import type enEmails from '~/locales/en/emails.json'
import type enFiles from '~/locales/en/files.json'
import type enIntake from '~/locales/en/intake.json'
import type enLegal from '~/locales/en/legal.json'
import type enMarketplace from '~/locales/en/marketplace.json'
import type enMessaging from '~/locales/en/messaging.json'
import type enPackages from '~/locales/en/packages.json'
import type enPractice from '~/locales/en/practice.json'
import type enRecords from '~/locales/en/records.json'
import type enRoom from '~/locales/en/room.json'
import type enWaitlist from '~/locales/en/waitlist.json'

/**
 * The English catalogues are the keys' types: `t('booking:cancel.title')` is checked by tsc,
 * and a key that is in no catalogue does not compile.
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common'
    returnNull: false
    resources: {
      common: typeof enCommon
      marketplace: typeof enMarketplace
      legal: typeof enLegal
      auth: typeof enAuth
      account: typeof enAccount
      booking: typeof enBooking
      billing: typeof enBilling
      packages: typeof enPackages
      waitlist: typeof enWaitlist
      intake: typeof enIntake
      practice: typeof enPractice
      records: typeof enRecords
      messaging: typeof enMessaging
      admin: typeof enAdmin
      room: typeof enRoom
      emails: typeof enEmails
      files: typeof enFiles
    }
  }
}
