import { useEffect, useSyncExternalStore } from 'react'
import { useBlocker, useRevalidator } from 'react-router'
import { useT } from '../app/app-context'
import styles from './offline-notice.module.css'

const subscribe = (onChange: () => void) => {
  addEventListener('online', onChange)
  addEventListener('offline', onChange)
  return () => {
    removeEventListener('online', onChange)
    removeEventListener('offline', onChange)
  }
}
const onlineNow = () => navigator.onLine !== false
const onlineOnServer = () => true

/**
 * The phone's connection, for the layout: while offline a notice says so and a navigation is held (the current
 * page stays, rather than the next one failing into the error page); when the connection comes back (`online`)
 * the page's data is loaded again.
 *
 * @example
 * <OfflineNotice />
 */
export function OfflineNotice() {
  const t = useT()
  const online = useSyncExternalStore(subscribe, onlineNow, onlineOnServer)
  const revalidator = useRevalidator()
  // Evaluated at each navigation: offline, the page stays where it is (the notice says why).
  const blocker = useBlocker(() => !onlineNow())
  useEffect(() => {
    if (blocker.state === 'blocked') blocker.reset()
  }, [blocker])
  const { revalidate } = revalidator
  useEffect(() => {
    const refresh = () => void revalidate()
    addEventListener('online', refresh)
    return () => removeEventListener('online', refresh)
  }, [revalidate])
  if (online) return null
  return (
    <p className={styles.notice} role="status" data-testid="offline-notice">
      {t('offline.notice')}
    </p>
  )
}
