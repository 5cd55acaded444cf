/**
 * Remembers every slot planned for each practitioner and refuses one that would overlap:
 * a practitioner cannot be in two sessions at once, whichever service the slots belong to.
 */
export class SlotPlanner {
  private readonly taken = new Map<number, { start: number; end: number }[]>()

  /** Reserves [start, end) if it overlaps nothing planned for this practitioner. */
  reserve(practitionerId: number, start: Date, end: Date): boolean {
    const s = start.getTime()
    const e = end.getTime()
    const ranges = this.taken.get(practitionerId) ?? []
    if (ranges.some((range) => s < range.end && range.start < e)) return false
    ranges.push({ start: s, end: e })
    this.taken.set(practitionerId, ranges)
    return true
  }
}
