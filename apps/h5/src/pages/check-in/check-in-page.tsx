import { Link, useFetcher, useLoaderData } from 'react-router'
import { useT } from '../../app/app-context'
import { ACTION_KEY_FIELD } from '../../app/keyed-action'
import { useActionKey } from '../../app/use-action-key'
import { ActionFailure } from '../../components/action-failure'
import { formatTime } from '../../lib/format'
import button from '../../ui/button.module.css'
import form from '../../ui/form.module.css'
import layout from '../../ui/layout.module.css'
import notice from '../../ui/notice.module.css'
import type { doorAction, doorLoader } from './check-in-data'
import styles from './check-in-page.module.css'

/**
 * `/check-in?door=…` (签到): the studio's door code, scanned with WeChat. One tap checks in the customer's bookings
 * open now; several members booked now, the customer ticks whom; otherwise the page says why not (too early,
 * nothing booked now, not this studio's code).
 */
export function CheckInPage() {
  const { door } = useLoaderData<typeof doorLoader>()
  const t = useT()
  const fetcher = useFetcher<typeof doorAction>()
  const key = useActionKey(fetcher.data?.ok === true && fetcher.data.result.checkedIn.length > 0)
  const busy = fetcher.state !== 'idle'
  const answer = fetcher.data?.ok ? fetcher.data.result : undefined

  if (!door) {
    return (
      <div className={layout.page}>
        <h1>{t('checkIn.pageTitle')}</h1>
        <p className={notice.warn}>{t('checkIn.noDoor')}</p>
      </div>
    )
  }
  if (answer && answer.checkedIn.length > 0) {
    return (
      <div className={layout.page}>
        <h1>{t('checkIn.pageTitle')}</h1>
        <div className={notice.notice} role="status" data-testid="door-checked-in">
          <h2>{t('checkIn.welcome')}</h2>
          <ul className={styles.list}>
            {answer.checkedIn.map((booking) => (
              <li key={booking.id}>
                {t('checkIn.checkedInLine', {
                  name: booking.member.name,
                  title: booking.class.title,
                  time: formatTime(booking.class.startsAt),
                })}
              </li>
            ))}
          </ul>
        </div>
        <Link className={`${button.ghost} ${button.block}`} to="/bookings">
          {t('class.viewBookings')}
        </Link>
      </div>
    )
  }
  return (
    <div className={layout.page}>
      <h1>{t('checkIn.pageTitle')}</h1>
      <fetcher.Form method="post" className={`${form.form} ${layout.card}`}>
        <input type="hidden" name="door" value={door} />
        <input type="hidden" name={ACTION_KEY_FIELD} value={key} />
        {answer && answer.choose.length > 0 ? (
          <fieldset data-testid="door-choose">
            <legend>{t('checkIn.chooseWho')}</legend>
            {answer.choose.map((booking) => (
              <label key={booking.id} className={form.choice}>
                <input type="checkbox" name="memberId" value={booking.member.id} defaultChecked />
                <span>
                  {t('checkIn.checkedInLine', {
                    name: booking.member.name,
                    title: booking.class.title,
                    time: formatTime(booking.class.startsAt),
                  })}
                </span>
              </label>
            ))}
          </fieldset>
        ) : (
          <p>{t('checkIn.doorIntro')}</p>
        )}
        <button
          type="submit"
          className={`${button.button} ${button.block}`}
          disabled={busy}
          data-testid="door-submit"
        >
          {busy ? t('checkIn.checkingIn') : t('checkIn.confirm')}
        </button>
        {fetcher.data?.ok === false && <ActionFailure failure={fetcher.data} />}
      </fetcher.Form>
    </div>
  )
}
