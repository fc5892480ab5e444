import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react'
import { useT } from '../app/app-context'
import styles from './share-hint.module.css'

/**
 * The "tap ··· to share" overlay: inside WeChat only its own menu (top right) shares a page, so the share buttons
 * point there instead of opening a share sheet or copying silently. A tap anywhere, or Escape, closes it.
 *
 * @example
 * {open && <ShareHint onClose={() => setOpen(false)} />}
 */
export function ShareHint({ onClose }: { onClose: () => void }) {
  const t = useT()
  const close = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    close.current?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [onClose])
  return (
    <div
      className={styles.shareHint}
      role="dialog"
      aria-modal="true"
      aria-label={t('wechat.shareHint')}
      data-testid="share-hint"
    >
      <svg className={styles.shareHintArrow} viewBox="0 0 80 80" aria-hidden="true">
        <path
          d="M10 74C20 40 40 22 66 14M52 8l16 6-8 15"
          fill="none"
          stroke="currentColor"
          strokeWidth="4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <p className={styles.shareHintText}>{t('wechat.shareHint')}</p>
      <p className={styles.shareHintSub}>{t('wechat.shareHintSub')}</p>
      <button ref={close} type="button" className={styles.shareHintClose} onClick={onClose}>
        {t('wechat.shareHintClose')}
      </button>
    </div>
  )
}

/**
 * The hint's state for a page: the element to render (nothing while closed) and the function that opens it.
 *
 * @example
 * const [hint, showHint] = useShareHint()
 * return <>{hint}<button onClick={wechat.inWeChat ? showHint : share}>Share</button></>
 */
export function useShareHint(): [ReactNode, () => void] {
  const [open, setOpen] = useState(false)
  const onClose = useCallback(() => setOpen(false), [])
  const show = useCallback(() => setOpen(true), [])
  return [open ? <ShareHint onClose={onClose} /> : null, show]
}
