import { useT } from '../app/app-context'
import type { KeyedFailure } from '../app/keyed-action'
import type { MessageKey } from '../i18n/zh'
import styles from './action-failure.module.css'

/**
 * What happened to a booking, cancel, waitlist or order that did not go through, said under its form (the page and
 * the form stay): offline, not done after the gateway was asked, unknown, the service down, or the gateway's own
 * refusal message.
 *
 * @example
 * {result && !result.ok && <ActionFailure failure={result} />}
 */
export function ActionFailure({ failure }: { failure: KeyedFailure }) {
  const t = useT()
  const text = failure.kind === 'refused' ? failure.msg || t('toast.requestError') : t(messageOf(failure))
  return (
    <p className={styles.failure} role="alert" data-testid="action-failure" data-failure-kind={failure.kind}>
      {text}
    </p>
  )
}

function messageOf(failure: KeyedFailure): MessageKey {
  if (failure.kind === 'offline') return 'action.offline'
  if (failure.checked === 'not-done') return 'action.notDone'
  if (failure.checked === 'unknown') return 'action.unknown'
  return 'action.unavailable'
}
