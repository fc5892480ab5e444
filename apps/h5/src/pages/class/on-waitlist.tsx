import { useFetcher } from 'react-router'
import { useT } from '../../app/app-context'
import type { ClassData } from './class-data'
import type { waitlistAction } from './waitlist-data'

/** The customer's place on a full class's waitlist, with the form to leave it. */
export function OnWaitlist({ item }: { item: ClassData['item'] }) {
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
