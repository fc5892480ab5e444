import { LEVELS, type LevelCode, STYLES, type StyleCode } from '@xdance/contract'
import type { Locale } from '../i18n/i18n'

// Object.hasOwn needs Safari 15.4 and Chromium 93, above the support floor (iOS 15, Chromium 87).
const own = Object.prototype.hasOwnProperty

/**
 * A dance style's name in `locale`, from the contract's `STYLES` (the gateway names it from the same table); a code
 * the contract does not know shows `fallback` (the name the gateway answered, or the code).
 *
 * @example
 * styleName('jazz', 'en') // 'Jazz'
 * styleName('tap', 'en', '踢踏') // '踢踏'
 */
export function styleName(code: string, locale: Locale, fallback = code): string {
  return own.call(STYLES, code) ? STYLES[code as StyleCode][locale] : fallback
}

/**
 * A class level's name in `locale`, from the contract's `LEVELS`; an unknown code shows `fallback`.
 *
 * @example
 * levelName('beginner', 'zh') // '零基础'
 */
export function levelName(code: string, locale: Locale, fallback = code): string {
  return own.call(LEVELS, code) ? LEVELS[code as LevelCode][locale] : fallback
}
