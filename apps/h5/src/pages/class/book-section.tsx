import { useEffect, useState } from 'react'
import { type FetcherWithComponents, Link, useLocation } from 'react-router'
import { useMode, useT } from '../../app/app-context'
import { ACTION_KEY_FIELD } from '../../app/keyed-action'
import { useActionKey } from '../../app/use-action-key'
import { loginPath } from '../../auth/login-path'
import { ActionFailure } from '../../components/action-failure'
import button from '../../ui/button.module.css'
import form from '../../ui/form.module.css'
import layout from '../../ui/layout.module.css'
import notice from '../../ui/notice.module.css'
import type { BookResult } from './book-action'
import { CardChoice } from './card-choice'
import type { ClassData } from './class-data'
import { JoinWaitlist } from './join-waitlist'
import { fitsAges, lastMember, MemberChoice, rememberMember } from './member-choice'
import { OnWaitlist } from './on-waitlist'

/**
 * What the class page offers to book: the booking form with a card choice, or why not (booked already, started,
 * full with the waitlist, signed out, no card to pay with).
 */
export function BookSection({
  data,
  fetcher,
}: {
  data: Pick<ClassData, 'item' | 'signedIn' | 'cards' | 'members'>
  fetcher: FetcherWithComponents<BookResult>
}) {
  const { item, signedIn, cards, members } = data
  const t = useT()
  // "For whom": the last member chosen when still there and of the class's ages, else the first who is.
  const [memberId, setMemberId] = useState<number | undefined>(() => {
    const last = lastMember(members)
    const fitting = members.filter((member) => fitsAges(member, item))
    return fitting.some((member) => member.id === last) ? last : fitting[0]?.id
  })
  const member = members.find((candidate) => candidate.id === memberId)
  // Another member than the customer books on a family card only.
  const payable = member && !member.self ? cards.filter((card) => card.family) : cards
  useEffect(() => {
    if (fetcher.data?.ok === true && memberId !== undefined) rememberMember(memberId)
  }, [fetcher.data, memberId])
  const mode = useMode()
  const location = useLocation()
  const busy = fetcher.state !== 'idle'
  const failure = fetcher.data?.ok === false ? fetcher.data : undefined
  const key = useActionKey(fetcher.data?.ok === true)

  if (item.myBookingId !== null) {
    return (
      <div className={notice.notice} data-testid="already-booked">
        <p>{t('class.booked')}</p>
        <Link className={button.ghost} to="/bookings">
          {t('class.viewBookings')}
        </Link>
      </div>
    )
  }
  if (item.status === 'started' || item.status === 'ended') {
    return <p className={notice.warn}>{t('class.unavailableStarted')}</p>
  }
  if (item.myWaitlistPosition !== null) return <OnWaitlist item={item} />
  const buyCard = (
    <div className={notice.warn} data-testid="no-card">
      <p>{t('class.noCard')}</p>
      <Link className={button.button} to={`/shop?return=${encodeURIComponent(`/classes/${item.id}`)}`}>
        {t('class.buyCard')}
      </Link>
    </div>
  )
  if (item.status === 'full') {
    return (
      <>
        <p className={notice.warn}>{t('class.unavailableFull')}</p>
        {signedIn && (cards.length ? <JoinWaitlist item={item} cards={cards} /> : buyCard)}
      </>
    )
  }
  if (!signedIn) {
    // App mode never lands here without a session: the native app signs in.
    if (mode === 'app') return null
    return (
      <Link
        className={`${button.button} ${button.block}`}
        to={loginPath(`${location.pathname}${location.search}`)}
      >
        {t('class.signInToBook')}
      </Link>
    )
  }
  if (!cards.length) return buyCard
  const choice =
    members.length > 1 ? (
      <MemberChoice members={members} item={item} value={memberId} onChange={setMemberId} />
    ) : null
  if (members.length > 0 && member === undefined) {
    // Nobody of the family is of the class's ages.
    return (
      <div className={`${form.form} ${layout.card}`}>
        {choice}
        <p className={notice.warn} data-testid="no-member-fits">
          {t('class.noMemberFits')}
        </p>
      </div>
    )
  }
  return (
    <fetcher.Form method="post" className={`${form.form} ${layout.card}`} aria-labelledby="book-title">
      <h2 id="book-title">{t('class.book')}</h2>
      {choice}
      {payable.length ? (
        <CardChoice cards={payable} key={member?.self === false ? 'family' : 'all'} />
      ) : (
        <div className={notice.warn} data-testid="no-family-card">
          <p>{t('class.needFamilyCard')}</p>
          <Link className={button.button} to={`/shop?return=${encodeURIComponent(`/classes/${item.id}`)}`}>
            {t('class.buyCard')}
          </Link>
        </div>
      )}
      <input type="hidden" name={ACTION_KEY_FIELD} value={key} />
      <button type="submit" className={`${button.button} ${button.block}`} disabled={busy || !payable.length}>
        {busy ? t('class.booking') : t('class.confirm')}
      </button>
      {failure && <ActionFailure failure={failure} />}
    </fetcher.Form>
  )
}
