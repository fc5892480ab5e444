import { initials } from '../lib/initials'
import styles from './teacher-avatar.module.css'

/**
 * A teacher's photo, or their initials on a tinted disc when there is none. Decorative: the name is always
 * written next to it.
 *
 * @example
 * <TeacherAvatar name="林夏" avatar="" large />
 */
export function TeacherAvatar({
  name,
  avatar,
  large = false,
}: {
  name: string
  avatar: string
  large?: boolean
}) {
  const className = large ? `${styles.avatar} ${styles.avatarLarge}` : styles.avatar
  if (avatar)
    return <img className={className} src={avatar} alt="" loading="lazy" data-testid="avatar-photo" />
  return (
    <span className={className} aria-hidden="true" data-testid="avatar-initials">
      {initials(name)}
    </span>
  )
}
