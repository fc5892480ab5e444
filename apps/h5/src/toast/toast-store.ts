export type ToastKind = 'error' | 'timeout' | 'info'

export interface Toast {
  id: number
  /** Plain text: rendered as a React text node, never as markup. */
  message: string
  kind: ToastKind
}

/** How long a toast stays on screen. */
export const TOAST_DURATION = 3000
const MAX_VISIBLE = 3

export interface ToastStore {
  show(message: string, kind?: ToastKind): void
  dismiss(id: number): void
  list(): readonly Toast[]
  /**
   * Dismisses the toasts shown before `mark` (a value of {@link ToastStore.mark}): a new page does not keep the last
   * page's toasts, and keeps those its own navigation showed (a sign-out's "signed out" on the home page).
   */
  dismissBefore(mark: number): void
  /** The mark of "now": toasts shown from here on are newer. */
  mark(): number
  subscribe(listener: () => void): () => void
}

/**
 * A tiny store for toasts: the gateway client's `notify` sink writes to it, the toaster renders it.
 * The same message shown again while visible is not stacked twice (several calls failing together).
 *
 * @example
 * const toasts = createToastStore()
 * toasts.show('请求超时，请重试', 'timeout')
 */
export function createToastStore(
  schedule: (fn: () => void, ms: number) => unknown = (fn, ms) => setTimeout(fn, ms),
): ToastStore {
  let toasts: readonly Toast[] = []
  let nextId = 1
  const listeners = new Set<() => void>()
  const emit = () => {
    for (const listener of listeners) listener()
  }
  const dismiss = (id: number) => {
    const next = toasts.filter((toast) => toast.id !== id)
    if (next.length === toasts.length) return
    toasts = next
    emit()
  }
  return {
    show(message, kind = 'info') {
      const text = String(message)
      if (!text || toasts.some((toast) => toast.message === text)) return
      const toast: Toast = { id: nextId++, message: text, kind }
      toasts = [...toasts, toast].slice(-MAX_VISIBLE)
      emit()
      schedule(() => dismiss(toast.id), TOAST_DURATION)
    },
    dismiss,
    list: () => toasts,
    dismissBefore(mark) {
      const next = toasts.filter((toast) => toast.id >= mark)
      if (next.length === toasts.length) return
      toasts = next
      emit()
    },
    mark: () => nextId,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
