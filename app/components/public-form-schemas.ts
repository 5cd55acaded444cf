// The schemas of the forms on public pages, with conform's zod adapter: only ever imported
// dynamically in the browser (usePublicSchemaForm), so zod stays out of those pages' first
// load (docs/decisions/029). The server imports it as any module, for actions and constraints.
import { ForgotPasswordSchema, LoginSchema, ResetPasswordFormSchema, SignupFormSchema } from '~/models/accounts/user'
import { ContactSchema } from '~/models/marketplace/contact'
import { LeadSchema } from '~/models/marketplace/lead'

export { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'

export const publicFormSchemas = {
  login: LoginSchema,
  signup: SignupFormSchema,
  forgotPassword: ForgotPasswordSchema,
  resetPassword: ResetPasswordFormSchema,
  contact: ContactSchema,
  lead: LeadSchema,
}

export type PublicFormName = keyof typeof publicFormSchemas
