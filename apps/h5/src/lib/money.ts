/**
 * A price in fen (integer) as yuan: `¥880`, `¥39.90`, `¥0.01`. Whole yuan drop the decimals; the rest keep two.
 * Integer arithmetic only, so no float ever shows as `¥0.30000000000000004`.
 *
 * @example
 * formatYuan(88000) // '¥880'
 * formatYuan(3990)  // '¥39.90'
 */
export function formatYuan(fen: number): string {
  const sign = fen < 0 ? '-' : ''
  const abs = Math.abs(Math.round(fen))
  const yuan = Math.floor(abs / 100)
  const cents = abs % 100
  return cents === 0 ? `${sign}¥${yuan}` : `${sign}¥${yuan}.${String(cents).padStart(2, '0')}`
}
