import type { Notice } from '@xdance/contract'
import { Link, useFetcher, useLoaderData } from 'react-router'
import { useT } from '../../app/app-context'
import type { MessageKey } from '../../i18n/zh'
import { formatDate, formatDay, formatTime } from '../../lib/format'
import button from '../../ui/button.module.css'
import { Chip } from '../../ui/chip'
import layout from '../../ui/layout.module.css'
import text from '../../ui/text.module.css'
import type { noticesAction, noticesLoader } from './notices-data'
import styles from './notices-page.module.css'

/** `/notices`: my notices, newest first, unread ones marked; mark one or all read. */
export function NoticesPage() {
  const { list, unread } = useLoaderData<typeof noticesLoader>()
  const t = useT()
  const fetcher = useFetcher<typeof noticesAction>()
  return (
    <div className={layout.page}>
      <div className={layout.spread}>
        <h1>{t('title.notices')}</h1>
        {unread > 0 && (
          <fetcher.Form method="post">
            <button
              type="submit"
              name="intent"
              value="read-all"
              className={button.quiet}
              disabled={fetcher.state !== 'idle'}
            >
              {t('notices.markAllRead')}
            </button>
          </fetcher.Form>
        )}
      </div>
      {list.length ? (
        <ul className={layout.list}>
          {list.map((notice) => (
            <NoticeItem key={notice.id} notice={notice} />
          ))}
        </ul>
      ) : (
        <p className={layout.empty}>{t('notices.empty')}</p>
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
      className={
        read ? `${layout.card} ${layout.section}` : `${layout.card} ${layout.section} ${styles.noticeUnread}`
      }
      data-testid="notice"
      data-kind={notice.kind}
      data-read={read}
    >
      <div className={layout.spread}>
        <h2 id={titleId}>{notice.title}</h2>
        {!read && <Chip>{t('notices.unread')}</Chip>}
      </div>
      <p>{notice.body}</p>
      {notice.class ? (
        // The class as it is now, so that an old notice never contradicts the present.
        <p className={text.small} data-testid="notice-class" data-mine={notice.class.mine}>
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
      <p className={text.hint}>
        {formatDay(t, notice.createdAt)} {formatTime(notice.createdAt)}
      </p>
      <div className={layout.row}>
        {notice.classId !== null && (
          <Link className={button.ghost} to={`/classes/${notice.classId}`} aria-describedby={titleId}>
            {t('notices.viewClass')}
          </Link>
        )}
        {notice.orderId !== null && (
          <Link className={button.ghost} to={`/orders/${notice.orderId}`} aria-describedby={titleId}>
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
              className={button.quiet}
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
