import type { HTMLAttributes } from 'react'
import styles from './chip.module.css'

/** A chip's colour: the accent (a style, a count), `ok` (booked, paid, active) or `muted` (a level, a closed state). */
export type ChipTone = 'accent' | 'ok' | 'muted'

const TONES: Record<ChipTone, string | undefined> = {
  accent: styles.chip,
  ok: styles.ok,
  muted: styles.muted,
}

/**
 * A short label in a pill: a class's style or level, a booking's or an order's status. A `span`, or an `li` in a list
 * of chips.
 *
 * @example
 * <Chip tone="ok">已预约</Chip>
 */
export function Chip({
  tone = 'accent',
  as: Tag = 'span',
  ...props
}: Omit<HTMLAttributes<HTMLElement>, 'className'> & { tone?: ChipTone; as?: 'span' | 'li' }) {
  return <Tag {...props} className={TONES[tone]} />
}
