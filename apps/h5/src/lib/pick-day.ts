/**
 * The chosen day of the schedule: the `date` query if it is in the strip, else the first day.
 *
 * @example
 * pickDay('2025-06-03', ['2025-06-01', '2025-06-02', '2025-06-03']) // '2025-06-03'
 */
export function pickDay(requested: string | null, days: readonly string[]): string {
  if (requested && days.includes(requested)) return requested
  return days[0] ?? ''
}
