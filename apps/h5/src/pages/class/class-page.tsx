import { useState } from 'react'
import { type FetcherWithComponents, Link, useFetcher, useLoaderData, useLocation } from 'react-router'
import { useMode, useShareCard, useT, useToasts, useWechat } from '../../app/app-context'
import { useHydrated } from '../../app/use-hydrated'
import { loginPath } from '../../auth/login-path'
import { SeatsLine } from '../../components/class-card'
import { tDynamic } from '../../i18n/i18n'
import { downloadFile } from '../../lib/download-file'
import { formatDate, formatDay, formatTime } from '../../lib/format'
import { icsEvent } from '../../lib/ical-event'
import { sharePage } from '../../lib/share-page'
import { useShareHint } from '../../wechat/share-hint'
import type { BookResult, bookAction } from './book-action'
import { policyDeadline, policyRule } from './cancel-policy'
import { classEvent } from './class-calendar'
import type { ClassData, classLoader } from './class-data'
import type { waitlistAction } from './waitlist-data'

/**
 * `/classes/:id`: a class's detail (teacher, room, seats), its cancellation rule before the booking form (with the
 * card it will use), and actions to add it to a calendar or share it.
 */
export function ClassPage() {
  const { item, org, signedIn, cards, balances } = useLoaderData<typeof classLoader>()
  // A fetcher, not a navigation: booking is an action on this page, not a visit to a new one.
  const fetcher = useFetcher<typeof bookAction>()
  const result = fetcher.data
  const t = useT()
  return (
    <div className="page">
      <div className="page-head">
        <h1>{item.title}</h1>
        <div className="row">
          <span className="chip">{tDynamic(t, `style.${item.style}`, item.styleName)}</span>
          <span className="chip chip-muted">{tDynamic(t, `level.${item.level}`, item.levelName)}</span>
        </div>
      </div>

      <dl className="card facts">
        <dt>{t('class.time')}</dt>
        <dd>
          {formatDate(t, item.startsAt)} {formatTime(item.startsAt)}–{formatTime(item.endsAt)}
        </dd>
        <dt>{t('class.teacher')}</dt>
        <dd>
          <Link className="above" to={`/teachers/${item.teacher.id}`}>
            {item.teacher.name}
          </Link>
        </dd>
        <dt>{t('class.room')}</dt>
        <dd>{item.room}</dd>
        <dt>{t('class.seats')}</dt>
        <dd>
          {t('class.seatsValue', { booked: item.booked, capacity: item.capacity })}
          <SeatsLine item={item} />
        </dd>
      </dl>

      <section className="policy" aria-labelledby="class-policy" data-testid="cancel-policy">
        <h2 id="class-policy">{t('class.policy')}</h2>
        <p>{policyRule(t, org.rules.cancelCutoffMinutes)}</p>
        <p className="small">{policyDeadline(t, item.startsAt, org.rules.cancelCutoffMinutes)}</p>
      </section>

      {result?.ok && (
        <div className="notice" role="status" data-testid="booking-result">
          <h2>{t('class.bookedTitle')}</h2>
          <p>
            {t('class.bookedBody', {
              card: result.booking.cardName,
              credits: balances[result.booking.cardId] ?? '—',
            })}
          </p>
          <Link className="btn btn-ghost" to="/bookings">
            {t('class.viewBookings')}
          </Link>
        </div>
      )}

      {!result?.ok && <BookSection data={{ item, signedIn, cards }} fetcher={fetcher} />}

      <ClassActions data={{ item, org }} />

      {item.description && (
        <section className="section" aria-labelledby="class-about">
          <h2 id="class-about">{t('class.about')}</h2>
          <p>{item.description}</p>
        </section>
      )}
    </div>
  )
}

function ClassActions({ data }: { data: Pick<ClassData, 'item' | 'org'> }) {
  const { item, org } = data
  const t = useT()
  const hydrated = useHydrated()
  const toasts = useToasts()
  // The link to copy by hand, shown when neither a share sheet nor the clipboard is there.
  const [manualLink, setManualLink] = useState('')
  const wechat = useWechat()
  const [hint, showHint] = useShareHint()
  useShareCard(`class:${item.id}`, {
    kind: 'class',
    item,
    desc: `${formatDate(t, item.startsAt)} ${formatTime(item.startsAt)} · ${item.teacher.name} · ${org.name}`,
    logo: org.logo,
  })

  const addToCalendar = () => {
    const event = classEvent(
      item,
      org,
      window.location.origin,
      policyRule(t, org.rules.cancelCutoffMinutes),
      Date.now(),
    )
    downloadFile(`xdance-class-${item.id}.ics`, 'text/calendar', icsEvent(event))
  }
  const share = async () => {
    // Inside WeChat only its own menu shares: point there (the card is set).
    if (wechat.inWeChat) return showHint()
    const url = `${window.location.origin}/classes/${item.id}`
    const outcome = await sharePage({ title: item.title, text: `${item.title} · ${org.name}`, url })
    if (outcome === 'copied') toasts.show(t('toast.linkCopied'), 'info')
    if (outcome === 'manual') {
      setManualLink(url)
      toasts.show(t('toast.shareManual'), 'info')
    }
  }

  return (
    <div className="section">
      {hint}
      <div className="row">
        <button type="button" className="btn btn-ghost" disabled={!hydrated} onClick={addToCalendar}>
          {t('class.addToCalendar')}
        </button>
        <button type="button" className="btn btn-ghost" disabled={!hydrated} onClick={() => void share()}>
          {t('class.share')}
        </button>
      </div>
      {manualLink && (
        <label className="field">
          <span>{t('class.link')}</span>
          <input
            className="input share-link"
            readOnly
            value={manualLink}
            onFocus={(event) => event.currentTarget.select()}
            data-testid="share-link"
          />
        </label>
      )}
    </div>
  )
}

function BookSection({
  data,
  fetcher,
}: {
  data: Pick<ClassData, 'item' | 'signedIn' | 'cards'>
  fetcher: FetcherWithComponents<BookResult>
}) {
  const { item, signedIn, cards } = data
  const t = useT()
  const mode = useMode()
  const location = useLocation()
  const busy = fetcher.state !== 'idle'

  if (item.myBookingId !== null) {
    return (
      <div className="notice" data-testid="already-booked">
        <p>{t('class.booked')}</p>
        <Link className="btn btn-ghost" to="/bookings">
          {t('class.viewBookings')}
        </Link>
      </div>
    )
  }
  if (item.status === 'started' || item.status === 'ended') {
    return <p className="notice notice-warn">{t('class.unavailableStarted')}</p>
  }
  if (item.myWaitlistPosition !== null) return <OnWaitlist item={item} />
  const buyCard = (
    <div className="notice notice-warn" data-testid="no-card">
      <p>{t('class.noCard')}</p>
      <Link className="btn" to={`/shop?return=${encodeURIComponent(`/classes/${item.id}`)}`}>
        {t('class.buyCard')}
      </Link>
    </div>
  )
  if (item.status === 'full') {
    return (
      <>
        <p className="notice notice-warn">{t('class.unavailableFull')}</p>
        {signedIn && (cards.length ? <JoinWaitlist item={item} cards={cards} /> : buyCard)}
      </>
    )
  }
  if (!signedIn) {
    // App mode never lands here without a session: the native app signs in.
    if (mode === 'app') return null
    return (
      <Link className="btn btn-block" to={loginPath(`${location.pathname}${location.search}`)}>
        {t('class.signInToBook')}
      </Link>
    )
  }
  if (!cards.length) return buyCard
  return (
    <fetcher.Form method="post" className="form card" aria-labelledby="book-title">
      <h2 id="book-title">{t('class.book')}</h2>
      <CardChoice cards={cards} />
      <button type="submit" className="btn btn-block" disabled={busy}>
        {busy ? t('class.booking') : t('class.confirm')}
      </button>
    </fetcher.Form>
  )
}

function CardChoice({ cards }: { cards: ClassData['cards'] }) {
  const t = useT()
  return (
    <fieldset>
      <legend>{t('class.chooseCard')}</legend>
      {cards.map((card, index) => (
        <label key={card.id} className="choice">
          <input type="radio" name="cardId" value={card.id} defaultChecked={index === 0} />
          <span>
            {t('class.cardOption', {
              name: card.name,
              credits: card.creditsLeft,
              expires: formatDay(t, card.validUntil),
            })}
          </span>
        </label>
      ))}
    </fieldset>
  )
}

// A full class: wait for a seat with the card to pay once promoted (nothing is spent while waiting).
function JoinWaitlist({ item, cards }: Pick<ClassData, 'item' | 'cards'>) {
  const t = useT()
  const fetcher = useFetcher<typeof waitlistAction>()
  const busy = fetcher.state !== 'idle'
  return (
    <fetcher.Form
      method="post"
      action={`/classes/${item.id}/waitlist`}
      className="form card"
      aria-labelledby="waitlist-title"
    >
      <h2 id="waitlist-title">{t('class.waitlistTitle')}</h2>
      <p className="small muted">{t('class.waitlistHint', { count: item.waitlistLength })}</p>
      <CardChoice cards={cards} />
      <button type="submit" name="intent" value="join" className="btn btn-block" disabled={busy}>
        {busy ? t('class.joining') : t('class.joinWaitlist')}
      </button>
    </fetcher.Form>
  )
}

function OnWaitlist({ item }: { item: ClassData['item'] }) {
  const t = useT()
  const fetcher = useFetcher<typeof waitlistAction>()
  const busy = fetcher.state !== 'idle'
  return (
    <fetcher.Form
      method="post"
      action={`/classes/${item.id}/waitlist`}
      className="notice"
      data-testid="on-waitlist"
    >
      <h2>{t('class.onWaitlist', { position: item.myWaitlistPosition ?? '—' })}</h2>
      <p>{t('class.onWaitlistHint')}</p>
      <button type="submit" name="intent" value="leave" className="btn btn-ghost" disabled={busy}>
        {busy ? t('class.leaving') : t('class.leaveWaitlist')}
      </button>
    </fetcher.Form>
  )
}
