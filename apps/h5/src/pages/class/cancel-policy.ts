import type { Translate } from '../../i18n/i18n'
import { formatDate, formatTime } from '../../lib/format'

/**
 * The last instant a booking of a class can be cancelled for free: `cutoffMinutes` before it starts (epoch ms).
 *
 * @example
 * cancelDeadline('2025-06-03T19:00:00+08:00', 120) // Date.parse('2025-06-03T17:00:00+08:00')
 */
export function cancelDeadline(startsAt: string, cutoffMinutes: number): number {
  return Date.parse(startsAt) - cutoffMinutes * 60_000
}

/**
 * The studio's cancellation rule in words: `开课前 2 小时可免费取消`, `Free cancellation until 2 hours before class`.
 *
 * @example
 * policyRule(t, 90) // '开课前 90 分钟可免费取消'
 */
export function policyRule(t: Translate, cutoffMinutes: number): string {
  const hours = cutoffMinutes / 60
  const cutoff = !Number.isInteger(hours)
    ? t('class.cutoffMinutes', { count: cutoffMinutes })
    : hours === 1
      ? t('class.oneHour')
      : t('class.hours', { count: hours })
  return t('class.policyRule', { cutoff })
}

/**
 * The rule as this class's exact deadline, in studio time: `本节课 6月3日周二 17:00 前可免费取消`,
 * `For this class: until 17:00 on Tue, Jun 3`.
 *
 * @example
 * policyDeadline(t, '2025-06-03T19:00:00+08:00', 120)
 */
export function policyDeadline(t: Translate, startsAt: string, cutoffMinutes: number): string {
  const deadline = cancelDeadline(startsAt, cutoffMinutes)
  return t('class.policyDeadline', { date: formatDate(t, deadline), time: formatTime(deadline) })
}
