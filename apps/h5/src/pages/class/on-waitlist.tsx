import { useFetcher } from 'react-router'
import { useT } from '../../app/app-context'
import { ACTION_KEY_FIELD } from '../../app/keyed-action'
import { useActionKey } from '../../app/use-action-key'
import { ActionFailure } from '../../components/action-failure'
import button from '../../ui/button.module.css'
import notice from '../../ui/notice.module.css'
import type { ClassData } from './class-data'
import type { waitlistAction } from './waitlist-data'

/** The customer's place on a full class's waitlist, with the form to leave it. */
export function OnWaitlist({ item }: { item: ClassData['item'] }) {
  const t = useT()
  const fetcher = useFetcher<typeof waitlistAction>()
  const busy = fetcher.state !== 'idle'
  // One intent, one key: a retry after a lost answer leaves once.
  const key = useActionKey(fetcher.data?.ok === true)
  return (
    <fetcher.Form
      method="post"
      action={`/classes/${item.id}/waitlist`}
      className={notice.notice}
      data-testid="on-waitlist"
    >
      <h2>{t('class.onWaitlist', { position: item.myWaitlistPosition ?? '—' })}</h2>
      <p>{t('class.onWaitlistHint')}</p>
      <input type="hidden" name={ACTION_KEY_FIELD} value={key} />
      <button type="submit" name="intent" value="leave" className={button.ghost} disabled={busy}>
        {busy ? t('class.leaving') : t('class.leaveWaitlist')}
      </button>
      {fetcher.data?.ok === false && <ActionFailure failure={fetcher.data} />}
    </fetcher.Form>
  )
}
