import { useT } from '../../app/app-context'
import { formatDay } from '../../lib/format'
import form from '../../ui/form.module.css'
import styles from './card-choice.module.css'
import type { ClassData } from './class-data'

/** The radio group of the customer's cards (credits left, expiry), the first one chosen. */
export function CardChoice({ cards }: { cards: ClassData['cards'] }) {
  const t = useT()
  return (
    <fieldset className={styles.cards}>
      <legend>{t('class.chooseCard')}</legend>
      {cards.map((card, index) => (
        <label key={card.id} className={form.choice}>
          <input type="radio" name="cardId" value={card.id} defaultChecked={index === 0} />
          <span>
            {t('class.cardOption', {
              name: card.name,
              credits: card.creditsLeft,
              expires: formatDay(t, card.validUntil),
            })}
          </span>
        </label>
      ))}
    </fieldset>
  )
}
