import { Link, useFetcher, useLocation } from 'react-router'
import { useMode, useT } from '../../app/app-context'
import { ACTION_KEY_FIELD } from '../../app/keyed-action'
import { useActionKey } from '../../app/use-action-key'
import { loginPath } from '../../auth/login-path'
import { ActionFailure } from '../../components/action-failure'
import buttons from '../../ui/button.module.css'
import styles from './follow-button.module.css'
import type { followAction } from './teachers-data'

/**
 * The heart on a teacher's page: follow or stop following (the page's data says which, read again after); signed
 * out, a link to sign in and come back.
 */
export function FollowButton({
  teacherId,
  followed,
  signedIn,
}: {
  teacherId: number
  followed: boolean
  signedIn: boolean
}) {
  const t = useT()
  const mode = useMode()
  const location = useLocation()
  const fetcher = useFetcher<typeof followAction>()
  const key = useActionKey(fetcher.data?.ok === true)
  // While the tap is on its way the heart already shows what it will be.
  const pending = fetcher.formData?.get('intent')
  const shown = pending ? pending === 'follow' : followed
  if (!signedIn) {
    if (mode === 'app') return null
    return (
      <Link
        className={`${buttons.ghost} ${styles.follow}`}
        to={loginPath(location.pathname)}
        data-testid="follow"
      >
        <span aria-hidden="true">♡ </span>
        {t('teacher.follow')}
      </Link>
    )
  }
  return (
    <fetcher.Form method="post" action={`/teachers/${teacherId}/follow`}>
      <input type="hidden" name="intent" value={shown ? 'unfollow' : 'follow'} />
      <input type="hidden" name={ACTION_KEY_FIELD} value={key} />
      <button
        type="submit"
        className={`${buttons.ghost} ${styles.follow}`}
        aria-pressed={shown}
        data-testid="follow"
      >
        <span aria-hidden="true">{shown ? '♥ ' : '♡ '}</span>
        {t(shown ? 'teacher.following' : 'teacher.follow')}
      </button>
      {fetcher.data?.ok === false && <ActionFailure failure={fetcher.data} />}
    </fetcher.Form>
  )
}
