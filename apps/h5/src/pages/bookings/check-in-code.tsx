import { type Booking, ERROR_CODE, RULES, studioDate } from '@xdance/contract'
import { useEffect, useState } from 'react'
import { useFetcher, useRevalidator } from 'react-router'
import { useT } from '../../app/app-context'
import { formatTime } from '../../lib/format'
import { QrCode } from '../orders/qr-code'
import styles from './check-in-code.module.css'
import type { checkInCodeLoader } from './check-in-data'

/** How often a showing code is replaced: at half of its life (the contract's rule, the gateway's too). */
export const CHECK_IN_REFRESH_MS = RULES.checkInCodeTtlMs / 2

/**
 * Whether a booking's check-in code belongs on the page at `now`: booked, not checked in, its class today (studio
 * date) and its check-in not yet closed.
 *
 * @example
 * showsCheckIn(booking, Date.now())
 */
export function showsCheckIn(booking: Booking, now: number): boolean {
  return (
    booking.status === 'booked' &&
    booking.checkIn.checkedInAt === null &&
    booking.class.date === studioDate(now) &&
    now < Date.parse(booking.checkIn.closesAt)
  )
}

/**
 * The booking's check-in code for the front desk (签到码): before check-in opens, when it will; while it is open, the
 * QR code and the same payload as text, fetched again every minute so a screenshot goes stale; once the desk has
 * scanned it, the page's data is read again (the booking shows 已上课).
 */
export function CheckInCode({ booking, loadedAt }: { booking: Booking; loadedAt: number }) {
  const t = useT()
  const opensAt = Date.parse(booking.checkIn.opensAt)
  const [open, setOpen] = useState(() => loadedAt >= opensAt)
  const fetcher = useFetcher<typeof checkInCodeLoader>()
  const revalidator = useRevalidator()
  const { load } = fetcher
  const href = `/bookings/${booking.id}/check-in`

  // Until it opens: one timer to the opening; then the code, and a fresh one every minute.
  useEffect(() => {
    if (open) return
    const timer = setTimeout(() => setOpen(true), Math.max(0, opensAt - Date.now()))
    return () => clearTimeout(timer)
  }, [open, opensAt])
  useEffect(() => {
    if (!open) return
    load(href)
    const timer = setInterval(() => load(href), CHECK_IN_REFRESH_MS)
    return () => clearInterval(timer)
  }, [open, href, load])

  const result = fetcher.data
  // Named when the seat is another member's (the customer's own needs no name).
  const whose = booking.member.self ? undefined : { name: booking.member.name }
  const replayed = result?.ok === false && result.code === String(ERROR_CODE.CHECK_IN_REPLAYED)
  useEffect(() => {
    if (replayed) revalidator.revalidate()
  }, [replayed, revalidator])

  if (!open) {
    return (
      <p className={styles.pending} data-testid="check-in-later">
        {t('checkIn.opensAt', { time: formatTime(booking.checkIn.opensAt) })}
      </p>
    )
  }
  if (replayed) {
    return (
      <p className={styles.done} role="status" data-testid="check-in-done">
        {t('checkIn.done')}
      </p>
    )
  }
  if (result?.ok === false) {
    return (
      <p className={styles.pending} role="alert" data-testid="check-in-failed">
        {result.kind === 'refused' ? result.msg || t('checkIn.unavailable') : t('checkIn.unavailable')}
      </p>
    )
  }
  if (!result) {
    return (
      <p className={styles.pending} aria-busy="true">
        {t('checkIn.loading')}
      </p>
    )
  }
  return (
    <figure className={styles.code} data-testid="check-in-code" data-booking-id={booking.id}>
      <QrCode
        value={result.code.payload}
        label={whose ? t('checkIn.qrLabel', whose) : t('checkIn.qrLabelOwn')}
      />
      <figcaption>
        <strong>{whose ? t('checkIn.title', whose) : t('checkIn.titleOwn')}</strong>
        <code className={styles.text} data-testid="check-in-text">
          {result.code.payload}
        </code>
        <span className={styles.hint}>
          {t('checkIn.hint', { time: formatTime(booking.checkIn.closesAt) })}
        </span>
      </figcaption>
    </figure>
  )
}
