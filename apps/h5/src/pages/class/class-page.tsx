import { useEffect } from 'react'
import { Link, useFetcher, useLoaderData } from 'react-router'
import { useLocale, useT } from '../../app/app-context'
import { SeatsLine } from '../../components/class-card'
import { formatDate, formatTime } from '../../lib/format'
import { levelName, styleName } from '../../lib/studio-names'
import button from '../../ui/button.module.css'
import { Chip } from '../../ui/chip'
import layout from '../../ui/layout.module.css'
import notice from '../../ui/notice.module.css'
import text from '../../ui/text.module.css'
import type { teacherRatingsLoader } from '../teachers/ratings-data'
import { TeacherRating } from '../teachers/teacher-rating'
import type { bookAction } from './book-action'
import { BookSection } from './book-section'
import { policyDeadline, policyRule } from './cancel-policy'
import { ClassActions } from './class-actions'
import type { classLoader } from './class-data'
import styles from './class-page.module.css'

/**
 * `/classes/:id`: a class's detail (teacher, room, seats), its cancellation rule before the booking form (with the
 * card it will use), and actions to add it to a calendar or share it.
 */
export function ClassPage() {
  const { item, org, signedIn, cards, members, balances } = useLoaderData<typeof classLoader>()
  // A fetcher, not a navigation: booking is an action on this page, not a visit to a new one.
  const fetcher = useFetcher<typeof bookAction>()
  // The booking action's code is fetched now, while there is a connection: offline, a tap on "book" must reach the
  // action (which says so under the form), not fail to download it into the error page.
  useEffect(() => {
    import('./book-action').catch(() => undefined)
  }, [])
  const result = fetcher.data
  // The teacher's ratings after the class is on screen (a resource route): they never hold the page up.
  const ratings = useFetcher<typeof teacherRatingsLoader>()
  const { load } = ratings
  useEffect(() => {
    load(`/teachers/${item.teacher.id}/ratings`)
  }, [load, item.teacher.id])
  const t = useT()
  const locale = useLocale()
  return (
    <div className={layout.page}>
      <div className={layout.pageHead}>
        <h1>{item.title}</h1>
        <div className={layout.row}>
          <Chip>{styleName(item.style, locale, item.styleName)}</Chip>
          <Chip tone="muted">{levelName(item.level, locale, item.levelName)}</Chip>
        </div>
      </div>

      <dl className={layout.facts} data-testid="class-facts">
        <dt>{t('class.time')}</dt>
        <dd>
          {formatDate(t, item.startsAt)} {formatTime(item.startsAt)}–{formatTime(item.endsAt)}
        </dd>
        <dt>{t('class.teacher')}</dt>
        <dd>
          <Link className={layout.above} to={`/teachers/${item.teacher.id}`}>
            {item.teacher.name}
          </Link>
          {ratings.data && <TeacherRating ratings={ratings.data} />}
        </dd>
        <dt>{t('class.room')}</dt>
        <dd>{item.room}</dd>
        {item.ages && (
          <>
            <dt>{t('class.ages')}</dt>
            <dd data-testid="class-ages">
              {t('class.agesValue', { min: item.ages.min, max: item.ages.max })}
            </dd>
          </>
        )}
        <dt>{t('class.seats')}</dt>
        <dd>
          {t('class.seatsValue', { booked: item.booked, capacity: item.capacity })}
          <SeatsLine item={item} />
        </dd>
      </dl>

      <section className={styles.policy} aria-labelledby="class-policy" data-testid="cancel-policy">
        <h2 id="class-policy">{t('class.policy')}</h2>
        <p>{policyRule(t, org.rules.cancelCutoffMinutes)}</p>
        <p className={text.small}>{policyDeadline(t, item.startsAt, org.rules.cancelCutoffMinutes)}</p>
        <p className={text.small} data-testid="check-in-policy">
          {t('class.policyCheckIn', {
            before: org.rules.checkInBeforeMinutes,
            after: org.rules.checkInAfterMinutes,
          })}
          {' · '}
          {t(org.rules.missedClass === 'return' ? 'class.policyMissedReturn' : 'class.policyMissedForfeit')}
        </p>
      </section>

      {result?.ok && (
        <div className={notice.notice} role="status" data-testid="booking-result">
          <h2>{t('class.bookedTitle')}</h2>
          {!result.booking.member.self && (
            <p data-testid="booked-for">{t('class.bookedFor', { name: result.booking.member.name })}</p>
          )}
          <p>
            {t('class.bookedBody', {
              card: result.booking.cardName,
              credits: balances[result.booking.cardId] ?? '—',
            })}
          </p>
          <Link className={button.ghost} to="/bookings">
            {t('class.viewBookings')}
          </Link>
        </div>
      )}

      {!result?.ok && <BookSection data={{ item, signedIn, cards, members }} fetcher={fetcher} />}

      <ClassActions data={{ item, org }} />

      {item.description && (
        <section className={layout.section} aria-labelledby="class-about">
          <h2 id="class-about">{t('class.about')}</h2>
          <p>{item.description}</p>
        </section>
      )}
    </div>
  )
}
