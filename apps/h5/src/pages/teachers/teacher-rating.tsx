import type { TeacherRatings } from '@xdance/contract'
import { useT } from '../../app/app-context'
import { formatDay } from '../../lib/format'
import text from '../../ui/text.module.css'
import styles from './teacher-rating.module.css'

/**
 * A teacher's ratings: the average and the count once there are enough (the gateway answers no average before the
 * third rating, so a lone rating never shows), and with `comments` the newest words of customers.
 */
export function TeacherRating({
  ratings,
  comments = false,
}: {
  ratings: TeacherRatings
  comments?: boolean
}) {
  const t = useT()
  if (ratings.average === null) return null
  return (
    <div className={styles.rating} data-testid="teacher-rating">
      <p className={styles.summary}>
        <span aria-hidden="true">★ </span>
        {t('rating.summary', { average: ratings.average.toFixed(1), count: ratings.count })}
      </p>
      {comments && ratings.comments.length > 0 && (
        <ul className={styles.comments} aria-label={t('rating.comments')}>
          {ratings.comments.map((comment) => (
            <li key={`${comment.ratedAt}-${comment.comment}`}>
              <p>
                <span
                  className={styles.stars}
                  role="img"
                  aria-label={t('rating.stars', { stars: comment.stars })}
                >
                  {'★'.repeat(comment.stars)}
                </span>{' '}
                {comment.comment}
              </p>
              <p className={text.hint}>
                {comment.classTitle} · {formatDay(t, comment.ratedAt)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
