/**
 * Which page of a numbered list to show: the requested one, kept between the first and the last
 * (a page past the end shows the last; an empty list still has page 1), and where it starts.
 */
export function pageWindow(total: number, requested: number, pageSize: number) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize))
  const page = Math.min(Math.max(1, Math.floor(requested) || 1), pageCount)
  return { page, pageCount, offset: (page - 1) * pageSize }
}
