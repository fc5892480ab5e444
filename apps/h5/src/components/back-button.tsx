import { useT } from '../app/app-context'
import shell from '../app/shell.module.css'
import { useBack } from '../app/use-back'

/**
 * The header's back button on pages that declare `handle.back` (nothing elsewhere): a 44 × 44 px chevron
 * named 返回 / Back. In app mode, where there is no header, it comes in a bar of its own.
 *
 * @example
 * <header><BackButton />…</header>
 * <BackButton bar /> // app mode
 */
export function BackButton({ bar = false }: { bar?: boolean }) {
  const back = useBack()
  const t = useT()
  if (!back) return null
  const button = (
    <button type="button" className={shell.back} aria-label={t('nav.back')} data-testid="back" onClick={back}>
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <path d="M15 5l-7 7 7 7" />
      </svg>
    </button>
  )
  return bar ? <div className={shell.backBar}>{button}</div> : button
}
