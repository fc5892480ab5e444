import type { Translate } from '../i18n/i18n'

const formatters = new Map<string, Intl.NumberFormat>()

/**
 * A price in fen (integer) as yuan through `Intl.NumberFormat` (currency CNY, the catalogue's `intl.locale`):
 * `¥880`, `¥39.90`, `¥1,580`, `¥0.01`. Whole yuan drop the decimals; the rest keep two. The fen are split with
 * integer arithmetic first, so no float ever shows as `¥0.30000000000000004`.
 *
 * @example
 * formatYuan(t, 88000) // '¥880'
 * formatYuan(t, 3990)  // '¥39.90'
 */
export function formatYuan(t: Translate, fen: number): string {
  const rounded = Math.round(fen)
  const whole = rounded % 100 === 0
  const tag = t('intl.locale')
  const key = `${tag} ${whole}`
  let formatter = formatters.get(key)
  if (!formatter) {
    formatter = new Intl.NumberFormat(tag, {
      style: 'currency',
      currency: 'CNY',
      // `¥` in English too (not `CN¥`): the studio's customers know no other yuan.
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: whole ? 0 : 2,
    })
    formatters.set(key, formatter)
  }
  return formatter.format(rounded / 100)
}
