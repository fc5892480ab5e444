/**
 * Milliseconds as `m:ss` (whole seconds, rounded up so `0:00` means the time is up); never negative.
 *
 * @example
 * formatCountdown(14 * 60_000 + 5_000) // '14:05'
 */
export function formatCountdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000))
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}
