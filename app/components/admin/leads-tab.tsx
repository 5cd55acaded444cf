import { Form } from '@remix-run/react'
import { Badge } from '~/components/ui/badge'
import { Button, buttonClass } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Link } from '~/components/ui/link'
import { LEADS_CSV_PATH, type LeadRow, type Paging } from './admin-links'
import { Pager } from './pager'

/**
 * Early-access leads, newest first: name, type badge, source, email, country code and phone,
 * date, Delete; and Export CSV, a plain form post whose answer the browser downloads (with or
 * without JavaScript: `reloadDocument` leaves it to the browser).
 */
export function LeadsTab({ total, rows, paging }: { total: number; rows: LeadRow[]; paging: Paging }) {
  return (
    <Card className="space-y-4 p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">Leads ({total})</h2>
        <Form method="post" action={LEADS_CSV_PATH} reloadDocument>
          <Button type="submit" variant="outline" size="sm" disabled={total === 0}>
            Export CSV
          </Button>
        </Form>
      </div>
      {rows.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">No leads yet</p>
      ) : (
        <div className="relative overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-muted-foreground uppercase">
              <tr>
                <th className="py-2 pr-3 font-medium">Name</th>
                <th className="py-2 pr-3 font-medium">Type</th>
                <th className="py-2 pr-3 font-medium">Source</th>
                <th className="py-2 pr-3 font-medium">Email</th>
                <th className="py-2 pr-3 font-medium">Phone</th>
                <th className="py-2 pr-3 font-medium">Date</th>
                <th className="py-2 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {rows.map((l) => (
                <tr key={l.id} data-testid="lead-row">
                  <td className="py-2 pr-3 font-medium">{l.name}</td>
                  <td className="py-2 pr-3">
                    <Badge tone={l.userType === 'practitioner' ? 'default' : 'secondary'}>
                      {l.userType === 'practitioner' ? 'Practitioner' : 'Patient'}
                    </Badge>
                  </td>
                  <td className="py-2 pr-3">{l.source}</td>
                  <td className="py-2 pr-3">{l.email}</td>
                  <td className="py-2 pr-3 whitespace-nowrap">{l.phone}</td>
                  <td className="py-2 pr-3 whitespace-nowrap">{l.date}</td>
                  <td className="py-2 text-right">
                    <Link
                      to={l.deleteHref}
                      preventScrollReset
                      aria-label={`Delete lead ${l.name}`}
                      className={buttonClass({ variant: 'ghost', size: 'sm' }, 'text-destructive')}
                    >
                      Delete
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager paging={paging} label="Lead pages" />
    </Card>
  )
}
