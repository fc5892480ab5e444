import { useNavigation } from 'react-router'
import { useT } from '../app/app-context'
import styles from './pending-bar.module.css'

/**
 * A thin progress bar while the router loads the next page (chunk and data), announced to screen readers.
 *
 * @example
 * <PendingBar />
 */
export function PendingBar() {
  const navigation = useNavigation()
  const t = useT()
  if (navigation.state === 'idle') return null
  return <div className={styles.pendingBar} role="progressbar" aria-label={t('common.loading')} />
}
