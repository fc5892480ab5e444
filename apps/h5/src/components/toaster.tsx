import { useSyncExternalStore } from 'react'
import type { ToastStore } from '../toast/toast-store'
import styles from './toaster.module.css'

/**
 * Renders the toasts of `store` as plain text in a live region, so a server `msg` can never inject markup
 * and screen readers announce it.
 *
 * @example
 * <Toaster store={toasts} />
 */
export function Toaster({ store }: { store: ToastStore }) {
  const toasts = useSyncExternalStore(store.subscribe, store.list, store.list)
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
