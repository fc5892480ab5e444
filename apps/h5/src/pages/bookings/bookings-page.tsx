import type { Booking, DanceClass } from '@xdance/contract'
import { useState } from 'react'
import { Link, useFetcher, useLoaderData } from 'react-router'
import { useLocale, useT } from '../../app/app-context'
import { ACTION_KEY_FIELD } from '../../app/keyed-action'
import { useActionKey } from '../../app/use-action-key'
import { ActionFailure } from '../../components/action-failure'
import { formatDate, formatTime } from '../../lib/format'
import { styleName } from '../../lib/studio-names'
import button from '../../ui/button.module.css'
import { Chip } from '../../ui/chip'
import layout from '../../ui/layout.module.css'
import notice from '../../ui/notice.module.css'
import text from '../../ui/text.module.css'
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
    <div className={layout.page}>
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
        <p className={notice.notice} data-testid="rating-banner">
          <Link to="/bookings?tab=past" replace>
            {t('rating.banner', { count: toRate })}
          </Link>
        </p>
      )}
      {items.length ? (
        <ul className={layout.list}>
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
        <div className={layout.empty}>
          <p>{t(tab === 'past' ? 'bookings.emptyPast' : 'bookings.emptyUpcoming')}</p>
          <p>
            <Link className={button.ghost} to="/schedule">
              {t('bookings.browse')}
            </Link>
          </p>
        </div>
      )}
      <p>
        <Link className={`${button.ghost} ${button.block}`} to="/me/orders">
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
    <article className={`${layout.card} ${layout.section}`} data-testid="waiting" data-class-id={item.id}>
      <div className={layout.spread}>
        <h2>
          <Link className={layout.titleLink} to={`/classes/${item.id}`}>
            {item.title}
          </Link>
        </h2>
        <Chip>{t('bookings.waiting', { position: item.myWaitlistPosition ?? 0 })}</Chip>
      </div>
      <p>
        {formatDate(t, item.startsAt)} {formatTime(item.startsAt)}–{formatTime(item.endsAt)}
      </p>
      <p className={text.hint}>
        {styleName(item.style, locale, item.styleName)} · {item.teacher.name} · {item.room}
      </p>
      <fetcher.Form method="post" action={`/classes/${item.id}/waitlist`} className={layout.spread}>
        <p className={text.hint}>{t('bookings.waitingHint')}</p>
        <input type="hidden" name={ACTION_KEY_FIELD} value={key} />
        <button type="submit" name="intent" value="leave" className={button.ghost} disabled={busy}>
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
    <article
      className={`${layout.card} ${layout.section}`}
      data-testid="booking"
      data-booking-id={booking.id}
    >
      <div className={layout.spread}>
        <h2>
          <Link className={layout.titleLink} to={`/classes/${item.id}`}>
            {item.title}
          </Link>
        </h2>
        <Chip
          tone={booking.status === 'cancelled' || booking.attendance === 'missed' ? 'muted' : 'ok'}
          data-testid="booking-status"
        >
          {t(status)}
        </Chip>
      </div>
      <p>
        {formatDate(t, item.startsAt)} {formatTime(item.startsAt)}–{formatTime(item.endsAt)}
      </p>
      <p className={text.hint}>
        {styleName(item.style, locale, item.styleName)} · {item.teacher.name} · {item.room}
      </p>
      <p className={text.hint} data-testid="booking-member">
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
    return <p className={text.hint}>{t('bookings.cutoffPassed')}</p>
  }
  if (!confirming) {
    return (
      <div className={layout.spread}>
        <p className={text.hint}>{t('bookings.cancelBefore', { time: deadline })}</p>
        <button type="button" className={button.danger} onClick={() => setConfirming(true)}>
          {t('bookings.cancel')}
        </button>
      </div>
    )
  }
  return (
    <fetcher.Form method="post" className={layout.section} aria-live="polite">
      <p>{t('bookings.cancelQuestion', { title: booking.class.title })}</p>
      <input type="hidden" name="bookingId" value={booking.id} />
      <input type="hidden" name={ACTION_KEY_FIELD} value={key} />
      <div className={layout.row}>
        <button type="submit" className={button.danger} disabled={busy}>
          {busy ? t('bookings.cancelling') : t('bookings.cancelConfirm')}
        </button>
        <button type="button" className={button.ghost} disabled={busy} onClick={() => setConfirming(false)}>
          {t('bookings.keep')}
        </button>
      </div>
      {fetcher.data?.ok === false && <ActionFailure failure={fetcher.data} />}
    </fetcher.Form>
  )
}
