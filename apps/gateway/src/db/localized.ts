import type { DataLanguage } from '@xdance/contract'

/**
 * The SQL expression of a text column in a data language: the column itself in Chinese; in English its `_en`
 * twin, or the Chinese where the studio wrote no English (an empty `_en`). `column` is a trusted column name
 * (`k.title`), never input.
 *
 * @example
 * localized('k.title', 'en') // "COALESCE(NULLIF(k.title_en, ''), k.title)"
 */
export function localized(column: string, lang: DataLanguage): string {
  return lang === 'en' ? `COALESCE(NULLIF(${column}_en, ''), ${column})` : column
}

/**
 * A stored text in a data language, for rows already read: the English twin when English is asked and the studio
 * wrote one, else the Chinese (the same rule as {@link localized}, in TypeScript).
 *
 * @example
 * inLanguage('20 次卡', '20-class card', 'en') // '20-class card'
 * inLanguage('20 次卡', '', 'en') // '20 次卡'
 */
export function inLanguage(zh: string, en: string | null | undefined, lang: DataLanguage): string {
  return lang === 'en' && en ? en : zh
}
