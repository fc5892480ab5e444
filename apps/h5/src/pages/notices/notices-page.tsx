import type { Notice } from '@xdance/contract'
import { Link, useFetcher, useLoaderData } from 'react-router'
import { useT } from '../../app/app-context'
import type { MessageKey } from '../../i18n/zh'
import { formatDate, formatDay, formatTime } from '../../lib/format'
import type { noticesAction, noticesLoader } from './notices-data'
import styles from './notices-page.module.css'

/** `/notices`: my notices, newest first, unread ones marked; mark one or all read. */
export function NoticesPage() {
  const { list, unread } = useLoaderData<typeof noticesLoader>()
  const t = useT()
  const fetcher = useFetcher<typeof noticesAction>()
  return (
    <div className="page">
      <div className="spread">
        <h1>{t('title.notices')}</h1>
        {unread > 0 && (
          <fetcher.Form method="post">
            <button
              type="submit"
              name="intent"
              value="read-all"
              className="btn btn-quiet"
              disabled={fetcher.state !== 'idle'}
            >
              {t('notices.markAllRead')}
            </button>
          </fetcher.Form>
        )}
      </div>
      {list.length ? (
        <ul className="list">
          {list.map((notice) => (
            <NoticeItem key={notice.id} notice={notice} />
          ))}
        </ul>
      ) : (
        <p className="empty">{t('notices.empty')}</p>
      )}
    </div>
  )
}

const MINE: Readonly<Record<NonNullable<Notice['class']>['mine'], MessageKey>> = {
  booked: 'notices.mineBooked',
  waiting: 'notices.mineWaiting',
  cancelled: 'notices.mineCancelled',
  none: 'notices.mineNone',
}

function NoticeItem({ notice }: { notice: Notice }) {
  const t = useT()
  const fetcher = useFetcher<typeof noticesAction>()
  // Shown read at once; the list's reload confirms it.
  const read = notice.read || fetcher.formData !== undefined
  const titleId = `notice-${notice.id}`
  return (
    <li
      className={read ? 'card section notice-item' : `card section notice-item ${styles.noticeUnread}`}
      data-testid="notice"
      data-kind={notice.kind}
      data-read={read}
    >
      <div className="spread">
        <h2 id={titleId}>{notice.title}</h2>
        {!read && <span className="chip">{t('notices.unread')}</span>}
      </div>
      <p>{notice.body}</p>
      {notice.class ? (
        // The class as it is now, so that an old notice never contradicts the present.
        <p className="small" data-testid="notice-class" data-mine={notice.class.mine}>
          {t('notices.classNow', {
            state: t(
              notice.class.cancelled
                ? 'notices.classCancelled'
                : notice.class.ended
                  ? 'notices.classEnded'
                  : MINE[notice.class.mine],
            ),
            time: `${formatDate(t, notice.class.startsAt)} ${formatTime(notice.class.startsAt)}`,
            room: notice.class.room,
          })}
        </p>
      ) : null}
      <p className="small muted">
        {formatDay(t, notice.createdAt)} {formatTime(notice.createdAt)}
      </p>
      <div className="row">
        {notice.classId !== null && (
          <Link className="btn btn-ghost" to={`/classes/${notice.classId}`} aria-describedby={titleId}>
            {t('notices.viewClass')}
          </Link>
        )}
        {notice.orderId !== null && (
          <Link className="btn btn-ghost" to={`/orders/${notice.orderId}`} aria-describedby={titleId}>
            {t('notices.viewOrder')}
          </Link>
        )}
        {!read && (
          <fetcher.Form method="post">
            <input type="hidden" name="id" value={notice.id} />
            <button
              type="submit"
              name="intent"
              value="read"
              className="btn btn-quiet"
              aria-describedby={titleId}
            >
              {t('notices.markRead')}
            </button>
          </fetcher.Form>
        )}
      </div>
    </li>
  )
}
