import { useLocation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { useFormats, useLanguage } from '~/components/i18n/use-formats'
import { buttonClass } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { LinkTabs } from '~/components/ui/link-tabs'
import { MONTH_NAMES } from '~/lib/dates'
import { withParam } from './earnings-receipts'

/** A month of the statement, in cents (app/models/billing/statement.server.ts says what each holds). */
export type MonthRow = {
  month: number
  paymentsCents: number
  taxCents: number
  platformFeeCents: number
  refundsCents: number
  netCents: number
}

const AMOUNTS = ['paymentsCents', 'taxCents', 'platformFeeCents', 'refundsCents', 'netCents'] as const
/** Each amount's column in the catalogue (`billing:earnings.columns`). */
const COLUMNS = ['payments', 'tax', 'platformFee', 'refunds', 'net'] as const
type Amounts = Record<(typeof AMOUNTS)[number], number>

/** The columns' names in the page's language. */
function useLabels() {
  const { t } = useTranslation('billing')
  return COLUMNS.map((column) => t(`earnings.columns.${column}`))
}

/**
 * On a phone, six columns do not fit: each month is a short list of its amounts instead, so
 * nothing hides in a sideways scroller. The table takes over from `md` up; each is shown at
 * one width only, so a screen reader meets one of them.
 */
function PhoneMonths({ rows }: { rows: { name: string; amounts: Amounts }[] }) {
  const labels = useLabels()
  const { signedMoney } = useFormats()
  return (
    <ul className="divide-y divide-border text-sm md:hidden">
      {rows.map(({ name, amounts }) => (
        <li key={name} className="py-2">
          <p className="font-medium">{name}</p>
          <dl className="grid grid-cols-2 gap-x-3">
            {AMOUNTS.map((key, i) => (
              <div key={key} className="contents">
                <dt className="text-muted-foreground">{labels[i]}</dt>
                <dd className="text-right tabular-nums">{signedMoney(amounts[key])}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  )
}

/** The year's statement by month, a year at a time (`?year=`, links), and its CSV file. */
export function StatementCard({ year, years, months }: { year: number; years: number[]; months: MonthRow[] }) {
  const { t } = useTranslation('billing')
  const labels = useLabels()
  const language = useLanguage()
  const { signedMoney } = useFormats()
  const { pathname, search } = useLocation()
  const monthName = (month: number) => {
    const name = MONTH_NAMES[language][month - 1]!
    return name.charAt(0).toUpperCase() + name.slice(1)
  }
  const total = Object.fromEntries(
    AMOUNTS.map((key) => [key, months.reduce((sum, month) => sum + month[key], 0)]),
  ) as Amounts
  const cells = (row: Amounts) =>
    AMOUNTS.map((key) => (
      <td key={key} className="px-3 py-2 text-right tabular-nums">
        {signedMoney(row[key])}
      </td>
    ))
  return (
    <Card role="region" aria-labelledby="statement-title">
      <CardHeader>
        <CardTitle id="statement-title">{t('earnings.statementTitle')}</CardTitle>
        <CardDescription>{t('earnings.statementDescription')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <LinkTabs
          label={t('earnings.statementYear')}
          preventScrollReset
          tabs={years.map((y) => ({
            key: String(y),
            label: String(y),
            href: withParam(pathname, search, 'year', String(y)),
            current: y === year,
          }))}
        />
        <PhoneMonths
          rows={[
            ...months.map((month) => ({ name: monthName(month.month), amounts: month })),
            { name: t('earnings.total'), amounts: total },
          ]}
        />
        <div className="hidden overflow-x-auto md:block">
          <table className="w-full text-sm">
            <caption className="sr-only">{t('earnings.statementCaption', { year })}</caption>
            <thead>
              <tr className="border-b border-border text-left text-muted-foreground">
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('earnings.month')}
                </th>
                {labels.map((label) => (
                  <th key={label} scope="col" className="px-3 py-2 text-right font-medium">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {months.map((month) => (
                <tr key={month.month} data-testid="statement-month">
                  <th scope="row" className="px-3 py-2 text-left font-normal">
                    {monthName(month.month)}
                  </th>
                  {cells(month)}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="border-t-2 border-border font-semibold" data-testid="statement-total">
                <th scope="row" className="px-3 py-2 text-left">
                  {t('earnings.total')}
                </th>
                {cells(total)}
              </tr>
            </tfoot>
          </table>
        </div>
        <a
          href={`/practitioner/earnings/statement.csv?year=${year}`}
          download
          className={buttonClass({ variant: 'outline', size: 'sm' })}
        >
          {t('earnings.downloadStatement')}
        </a>
      </CardContent>
    </Card>
  )
}
