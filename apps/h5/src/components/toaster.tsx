import { useEffect, useRef, useSyncExternalStore } from 'react'
import { useLocation, useNavigation } from 'react-router'
import type { ToastStore } from '../toast/toast-store'
import styles from './toaster.module.css'

/**
 * Renders the toasts of `store` as plain text in a live region, so a server `msg` can never inject markup
 * and screen readers announce it. Placed at the top, under the header, clear of a page's main action at the
 * bottom. A new page dismisses the toasts of the one before it: those shown before its navigation started.
 *
 * @example
 * <Toaster store={toasts} />
 */
export function Toaster({ store }: { store: ToastStore }) {
  const toasts = useSyncExternalStore(store.subscribe, store.list, store.list)
  const { key } = useLocation()
  const busy = useNavigation().state !== 'idle'
  const started = useRef<number | undefined>(undefined)
  const shown = useRef(key)
  useEffect(() => {
    if (busy) started.current ??= store.mark()
  }, [busy, store])
  useEffect(() => {
    if (shown.current === key) return
    shown.current = key
    store.dismissBefore(started.current ?? store.mark())
    started.current = undefined
  }, [key, store])
  return (
    <div className={styles.toaster} role="status" aria-live="polite" aria-atomic="false">
      {toasts.map((toast) => (
        <p key={toast.id} className={styles.toast} data-kind={toast.kind} data-testid="toast">
          {toast.message}
        </p>
      ))}
    </div>
  )
}
