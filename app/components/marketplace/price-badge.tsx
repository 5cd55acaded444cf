import { useLanguage } from '~/components/i18n/use-formats'
import { Badge } from '~/components/ui/badge'
import { formatPrice } from '~/lib/money'

export function PriceBadge({ price }: { price: number }) {
  const language = useLanguage()
  return (
    <Badge tone={price === 0 ? 'success' : 'default'} className="normal-case">
      {formatPrice(price, language)}
    </Badge>
  )
}
