import { Badge } from '~/components/ui/badge'
import { formatPrice } from '~/lib/money'

export function PriceBadge({ price }: { price: number }) {
  return (
    <Badge tone={price === 0 ? 'success' : 'default'} className="normal-case">
      {formatPrice(price)}
    </Badge>
  )
}
