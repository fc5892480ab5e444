import { ageForClass, agesFit, type DanceClass, type Member } from '@xdance/contract'
import { readStorage, writeStorage } from '@xdance/session'
import { useT } from '../../app/app-context'
import form from '../../ui/form.module.css'
import styles from './member-choice.module.css'

/** Where the last member a seat was booked for is remembered, the next booking's default. */
const LAST_MEMBER_KEY = 'xdance-last-member'

/**
 * The member chosen last time, if still in the family (storage unavailable, or nothing kept: `undefined`).
 *
 * @example
 * lastMember(members) // 12
 */
export function lastMember(members: readonly Member[]): number | undefined {
  const id = Number(readStorage('local', LAST_MEMBER_KEY))
  return members.some((member) => member.id === id) ? id : undefined
}

/** Keeps the member a seat was booked for as the next default; storage unavailable, nothing is kept. */
export function rememberMember(id: number): void {
  // Private mode or storage off: kept for this page only, and the default is then the first who fits.
  writeStorage('local', LAST_MEMBER_KEY, String(id))
}

/** The member's age in the class's year, or `null` without a birth year (the contract's rule, as the gateway's). */
export const ageIn = (member: Pick<Member, 'birthYear'>, item: Pick<DanceClass, 'date'>): number | null =>
  ageForClass(member.birthYear, item.date)

/** Whether the member may take the class by its age range (the gateway refuses the others with the same rule). */
export const fitsAges = (
  member: Pick<Member, 'birthYear'>,
  item: Pick<DanceClass, 'date' | 'ages'>,
): boolean => agesFit(item.ages, ageIn(member, item))

/**
 * "For whom": the family's members as a radio group (shown when there is more than one), those outside the class's
 * ages disabled with the reason. The chosen one is `value`.
 */
export function MemberChoice({
  members,
  item,
  value,
  onChange,
}: {
  members: readonly Member[]
  item: Pick<DanceClass, 'date' | 'ages'>
  value: number | undefined
  onChange: (id: number) => void
}) {
  const t = useT()
  return (
    <fieldset className={styles.choice} data-testid="member-choice">
      <legend>{t('class.forWhom')}</legend>
      {members.map((member) => {
        const fits = fitsAges(member, item)
        const age = ageIn(member, item)
        return (
          <label key={member.id} className={form.choice} data-member-id={member.id}>
            <input
              type="radio"
              name="memberId"
              value={member.id}
              checked={value === member.id}
              disabled={!fits}
              onChange={() => onChange(member.id)}
            />
            <span>
              {member.self ? t('class.memberSelf', { name: member.name }) : member.name}
              {!fits && (
                <span className={styles.reason}>
                  {age === null ? t('class.memberNoAge') : t('class.memberAgeOut', { age })}
                </span>
              )}
            </span>
          </label>
        )
      })}
    </fieldset>
  )
}
