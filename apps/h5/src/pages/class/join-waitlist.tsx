import { useFetcher } from 'react-router'
import { useT } from '../../app/app-context'
import { ACTION_KEY_FIELD } from '../../app/keyed-action'
import { useActionKey } from '../../app/use-action-key'
import { ActionFailure } from '../../components/action-failure'
import button from '../../ui/button.module.css'
import form from '../../ui/form.module.css'
import layout from '../../ui/layout.module.css'
import text from '../../ui/text.module.css'
import { CardChoice } from './card-choice'
import type { ClassData } from './class-data'
import type { waitlistAction } from './waitlist-data'

/** A full class: wait for a seat with the card to pay once promoted (nothing is spent while waiting). */
export function JoinWaitlist({ item, cards }: Pick<ClassData, 'item' | 'cards'>) {
  const t = useT()
  const fetcher = useFetcher<typeof waitlistAction>()
  const busy = fetcher.state !== 'idle'
  // One intent, one key: a retry after a lost answer joins once.
  const key = useActionKey(fetcher.data?.ok === true)
  return (
    <fetcher.Form
      method="post"
      action={`/classes/${item.id}/waitlist`}
      className={`${form.form} ${layout.card}`}
      aria-labelledby="waitlist-title"
    >
      <h2 id="waitlist-title">{t('class.waitlistTitle')}</h2>
      <p className={text.hint}>{t('class.waitlistHint', { count: item.waitlistLength })}</p>
      <CardChoice cards={cards} />
      <input type="hidden" name={ACTION_KEY_FIELD} value={key} />
      <button
        type="submit"
        name="intent"
        value="join"
        className={`${button.button} ${button.block}`}
        disabled={busy}
      >
        {busy ? t('class.joining') : t('class.joinWaitlist')}
      </button>
      {fetcher.data?.ok === false && <ActionFailure failure={fetcher.data} />}
    </fetcher.Form>
  )
}
