import { useFetcher } from 'react-router'
import { useT } from '../../app/app-context'
import { CardChoice } from './card-choice'
import type { ClassData } from './class-data'
import type { waitlistAction } from './waitlist-data'

/** A full class: wait for a seat with the card to pay once promoted (nothing is spent while waiting). */
export function JoinWaitlist({ item, cards }: Pick<ClassData, 'item' | 'cards'>) {
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
