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
