import type { Booking, DanceClass } from '@xdance/contract'
import { useState } from 'react'
import { Link, useFetcher, useLoaderData } from 'react-router'
import { useLocale, useT } from '../../app/app-context'
import { ACTION_KEY_FIELD } from '../../app/keyed-action'
import { useActionKey } from '../../app/use-action-key'
import { ActionFailure } from '../../components/action-failure'
import { formatDate, formatTime } from '../../lib/format'
import { styleName } from '../../lib/studio-names'
import type { waitlistAction } from '../class/waitlist-data'
import type { bookingsLoader } from './bookings-data'
import styles from './bookings-page.module.css'
import type { cancelAction } from './cancel-action'
import { CheckInCode, showsCheckIn } from './check-in-code'
import { RatingForm } from './rating-form'

/**
 * `/bookings` (我的课程): upcoming bookings and waitlist places in one timeline (a booking can be cancelled until
 * the cut-off, a waitlist left), past classes, and the way to my orders.
 */
export function BookingsPage() {
  const { tab, items, now, toRate } = useLoaderData<typeof bookingsLoader>()
  const t = useT()
  return (
    <div className="page">
      <h1>{t('bookings.title')}</h1>
      <nav className={styles.tabs} aria-label={t('bookings.tabs')}>
        <Link to="/bookings" replace aria-current={tab === 'upcoming' ? 'page' : undefined}>
          {t('bookings.upcoming')}
        </Link>
        <Link to="/bookings?tab=past" replace aria-current={tab === 'past' ? 'page' : undefined}>
          {t('bookings.past')}
        </Link>
      </nav>
      {tab === 'upcoming' && toRate > 0 && (
        <p className="notice" data-testid="rating-banner">
          <Link to="/bookings?tab=past" replace>
            {t('rating.banner', { count: toRate })}
          </Link>
        </p>
      )}
      {items.length ? (
        <ul className="list">
          {items.map((item) =>
            item.kind === 'booking' ? (
              <li key={`b${item.booking.id}`}>
                <BookingItem booking={item.booking} now={now} />
              </li>
            ) : (
              <li key={`w${item.class.id}`}>
                <WaitingItem item={item.class} />
              </li>
            ),
          )}
        </ul>
      ) : (
        <div className="empty">
          <p>{t(tab === 'past' ? 'bookings.emptyPast' : 'bookings.emptyUpcoming')}</p>
          <p>
            <Link className="btn btn-ghost" to="/schedule">
              {t('bookings.browse')}
            </Link>
          </p>
        </div>
      )}
      <p>
        <Link className="btn btn-ghost btn-block" to="/me/orders">
          {t('me.orders')}
        </Link>
      </p>
    </div>
  )
}

// A place on a full class's waitlist: the position, and leaving it (the class page's waitlist action).
function WaitingItem({ item }: { item: DanceClass }) {
  const t = useT()
  const locale = useLocale()
  const fetcher = useFetcher<typeof waitlistAction>()
  const key = useActionKey(fetcher.data?.ok === true)
  const busy = fetcher.state !== 'idle'
  return (
    <article className="card section" data-testid="waiting" data-class-id={item.id}>
      <div className="spread">
        <h2>
          <Link className="title-link" to={`/classes/${item.id}`}>
            {item.title}
          </Link>
        </h2>
        <span className="chip">{t('bookings.waiting', { position: item.myWaitlistPosition ?? 0 })}</span>
      </div>
      <p>
        {formatDate(t, item.startsAt)} {formatTime(item.startsAt)}–{formatTime(item.endsAt)}
      </p>
      <p className="small muted">
        {styleName(item.style, locale, item.styleName)} · {item.teacher.name} · {item.room}
      </p>
      <fetcher.Form method="post" action={`/classes/${item.id}/waitlist`} className="spread">
        <p className="small muted">{t('bookings.waitingHint')}</p>
        <input type="hidden" name={ACTION_KEY_FIELD} value={key} />
        <button type="submit" name="intent" value="leave" className="btn btn-ghost" disabled={busy}>
          {t('bookings.leaveWaitlist')}
        </button>
      </fetcher.Form>
      {fetcher.data?.ok === false && <ActionFailure failure={fetcher.data} />}
    </article>
  )
}

// `now` is when the list was loaded: a class that had ended by then offers no cancel.
function BookingItem({ booking, now }: { booking: Booking; now: number }) {
  const t = useT()
  const locale = useLocale()
  const item = booking.class
  const ended = Date.parse(item.endsAt) <= now
  // A past class says whether I came, once the studio has marked it.
  const status =
    booking.status === 'cancelled'
      ? 'bookings.statusCancelled'
      : booking.attendance === 'attended'
        ? 'bookings.statusAttended'
        : booking.attendance === 'missed'
          ? 'bookings.statusMissed'
          : ended
            ? 'bookings.statusEnded'
            : 'bookings.statusBooked'
  return (
    <article className="card section" data-testid="booking" data-booking-id={booking.id}>
      <div className="spread">
        <h2>
          <Link className="title-link" to={`/classes/${item.id}`}>
            {item.title}
          </Link>
        </h2>
        <span
          className={
            booking.status === 'cancelled' || booking.attendance === 'missed'
              ? 'chip chip-muted'
              : 'chip chip-ok'
          }
        >
          {t(status)}
        </span>
      </div>
      <p>
        {formatDate(t, item.startsAt)} {formatTime(item.startsAt)}–{formatTime(item.endsAt)}
      </p>
      <p className="small muted">
        {styleName(item.style, locale, item.styleName)} · {item.teacher.name} · {item.room}
      </p>
      <p className="small muted" data-testid="booking-member">
        {/* Whom for, when it is not the customer themself. */}
        {!booking.member.self && `${t('bookings.forMember', { name: booking.member.name })} · `}
        {t('bookings.cardUsed', { card: booking.cardName })}
      </p>
      {showsCheckIn(booking, now) && <CheckInCode booking={booking} loadedAt={now} />}
      <RatingForm booking={booking} now={now} />
      {booking.status === 'booked' && !ended && <CancelControl booking={booking} />}
    </article>
  )
}

function CancelControl({ booking }: { booking: Booking }) {
  const t = useT()
  const fetcher = useFetcher<typeof cancelAction>()
  const [confirming, setConfirming] = useState(false)
  const busy = fetcher.state !== 'idle'
  // One intent, one key: a retry after a lost answer is the same cancellation, never a second one.
  const key = useActionKey(fetcher.data?.ok === true)
  const deadline = `${formatDate(t, booking.cancelDeadline)} ${formatTime(booking.cancelDeadline)}`
  if (!booking.cancellable) {
    return <p className="small muted">{t('bookings.cutoffPassed')}</p>
  }
  if (!confirming) {
    return (
      <div className="spread">
        <p className="small muted">{t('bookings.cancelBefore', { time: deadline })}</p>
        <button type="button" className="btn btn-danger" onClick={() => setConfirming(true)}>
          {t('bookings.cancel')}
        </button>
      </div>
    )
  }
  return (
    <fetcher.Form method="post" className="section" aria-live="polite">
      <p>{t('bookings.cancelQuestion', { title: booking.class.title })}</p>
      <input type="hidden" name="bookingId" value={booking.id} />
      <input type="hidden" name={ACTION_KEY_FIELD} value={key} />
      <div className="row">
        <button type="submit" className="btn btn-danger" disabled={busy}>
          {busy ? t('bookings.cancelling') : t('bookings.cancelConfirm')}
        </button>
        <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => setConfirming(false)}>
          {t('bookings.keep')}
        </button>
      </div>
      {fetcher.data?.ok === false && <ActionFailure failure={fetcher.data} />}
    </fetcher.Form>
  )
}
