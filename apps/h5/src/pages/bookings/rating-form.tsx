import { type Booking, RULES } from '@xdance/contract'
import { useState } from 'react'
import { useFetcher } from 'react-router'
import { useT } from '../../app/app-context'
import { ACTION_KEY_FIELD } from '../../app/keyed-action'
import { useActionKey } from '../../app/use-action-key'
import { ActionFailure } from '../../components/action-failure'
import button from '../../ui/button.module.css'
import forms from '../../ui/form.module.css'
import text from '../../ui/text.module.css'
import type { ratingAction } from './rating-action'
import styles from './rating-form.module.css'

/**
 * After an attended class, 我的课程 asks how it was (once: rated or dismissed, the prompt is gone): 1-5 stars and an
 * optional comment. A rating already given shows, with a way to change it while the gateway still takes a change.
 */
export function RatingForm({ booking, now }: { booking: Booking; now: number }) {
  const t = useT()
  const fetcher = useFetcher<typeof ratingAction>()
  const key = useActionKey(fetcher.data?.ok === true)
  const [editing, setEditing] = useState(false)
  // The stars chosen, coloured up to the choice by state (no :has() before Safari 15.4 / Chromium 105).
  const [chosen, setChosen] = useState(booking.rating?.stars ?? 0)
  const busy = fetcher.state !== 'idle'
  const rating = booking.rating
  const editable = rating !== null && now < Date.parse(rating.editableUntil)
  if (rating && !editing) {
    return (
      <div className={styles.given} data-testid="rating-given">
        <span role="img" aria-label={t('rating.stars', { stars: rating.stars })}>
          {'★'.repeat(rating.stars)}
        </span>
        {rating.comment && <span className={text.hint}> {rating.comment}</span>}
        {editable && (
          <button type="button" className={button.ghost} onClick={() => setEditing(true)}>
            {t('rating.change')}
          </button>
        )}
      </div>
    )
  }
  if (!rating && !booking.ratingPrompt) return null
  const field = fetcher.data && !fetcher.data.ok && 'field' in fetcher.data ? fetcher.data.field : undefined
  return (
    <fetcher.Form
      method="post"
      action={`/bookings/${booking.id}/rating`}
      className={styles.form}
      data-testid="rating-form"
      noValidate
    >
      <fieldset className={styles.stars}>
        <legend>{t('rating.question')}</legend>
        <div className={styles.row}>
          {[1, 2, 3, 4, 5].map((stars) => (
            <label key={stars} className={stars <= chosen ? `${styles.star} ${styles.on}` : styles.star}>
              <input
                type="radio"
                name="stars"
                value={stars}
                checked={chosen === stars}
                onChange={() => setChosen(stars)}
                aria-label={t('rating.stars', { stars })}
              />
              <span aria-hidden="true">★</span>
            </label>
          ))}
        </div>
      </fieldset>
      <label className={styles.comment}>
        <span>{t('rating.commentLabel')}</span>
        <textarea
          className={forms.input}
          name="comment"
          rows={2}
          maxLength={RULES.ratingCommentMaxLength}
          defaultValue={rating?.comment ?? ''}
        />
      </label>
      <input type="hidden" name={ACTION_KEY_FIELD} value={key} />
      {field && (
        <p className={styles.problem} role="alert">
          {t(field, { max: RULES.ratingCommentMaxLength })}
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" name="intent" value="rate" className={button.button} disabled={busy}>
          {busy ? t('rating.sending') : t('rating.send')}
        </button>
        {!rating && (
          <button type="submit" name="intent" value="dismiss" className={button.ghost} disabled={busy}>
            {t('rating.dismiss')}
          </button>
        )}
      </div>
      {fetcher.data && !fetcher.data.ok && !('field' in fetcher.data) && (
        <ActionFailure failure={fetcher.data} />
      )}
    </fetcher.Form>
  )
}
