import { type Member, RULES } from '@xdance/contract'
import { useEffect, useState } from 'react'
import { useFetcher, useLoaderData } from 'react-router'
import { useT } from '../../app/app-context'
import { ACTION_KEY_FIELD } from '../../app/keyed-action'
import { useActionKey } from '../../app/use-action-key'
import { ActionFailure } from '../../components/action-failure'
import button from '../../ui/button.module.css'
import form from '../../ui/form.module.css'
import layout from '../../ui/layout.module.css'
import text from '../../ui/text.module.css'
import type { membersAction, membersLoader } from './members-data'
import styles from './members-page.module.css'

/**
 * `/me/members` (家庭成员): whom the customer books for. Themself first (named by their nickname), then their
 * children or others, each with a birth year (a class for ages 4-6 counts it); add one, edit one, remove one with
 * nothing upcoming booked for them.
 */
export function MembersPage() {
  const { list } = useLoaderData<typeof membersLoader>()
  const t = useT()
  return (
    <div className={layout.page}>
      <h1>{t('members.title')}</h1>
      <p className={text.hint}>{t('members.intro')}</p>
      <ul className={styles.list} data-testid="members">
        {list.map((member) => (
          <li key={member.id}>
            <MemberItem member={member} />
          </li>
        ))}
      </ul>
      {list.length < RULES.maxMembers ? (
        <AddMember />
      ) : (
        <p className={text.hint}>{t('members.full', { max: RULES.maxMembers })}</p>
      )}
    </div>
  )
}

function MemberItem({ member }: { member: Member }) {
  const t = useT()
  const [editing, setEditing] = useState(false)
  const remove = useFetcher<typeof membersAction>()
  const key = useActionKey(remove.data?.ok === true)
  if (editing) return <MemberForm member={member} onDone={() => setEditing(false)} />
  return (
    <article className={styles.member} data-testid="member" data-member-id={member.id}>
      <div>
        <h2 className={styles.name}>
          {member.name}
          {member.self && <span className={styles.self}>{t('members.self')}</span>}
        </h2>
        <p className={text.hint}>
          {member.birthYear === null
            ? t('members.noBirthYear')
            : t('members.born', { year: member.birthYear })}
          {member.upcomingBookings > 0 && ` · ${t('members.upcoming', { count: member.upcomingBookings })}`}
        </p>
      </div>
      <div className={styles.actions}>
        <button type="button" className={button.ghost} onClick={() => setEditing(true)}>
          {t('members.edit')}
        </button>
        {!member.self && (
          <remove.Form method="post">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="memberId" value={member.id} />
            <input type="hidden" name={ACTION_KEY_FIELD} value={key} />
            <button
              type="submit"
              className={button.ghost}
              disabled={remove.state !== 'idle' || member.upcomingBookings > 0}
              title={member.upcomingBookings > 0 ? t('members.removeBlocked') : undefined}
            >
              {t('members.remove')}
            </button>
          </remove.Form>
        )}
      </div>
      {remove.data && !remove.data.ok && !('field' in remove.data) && <ActionFailure failure={remove.data} />}
    </article>
  )
}

function AddMember() {
  const t = useT()
  const [open, setOpen] = useState(false)
  if (!open) {
    return (
      <button
        type="button"
        className={`${button.button} ${button.block}`}
        onClick={() => setOpen(true)}
        data-testid="add-member"
      >
        {t('members.add')}
      </button>
    )
  }
  return <MemberForm onDone={() => setOpen(false)} />
}

/** The name and birth year of a new member, or of `member`; closes itself once saved. */
function MemberForm({ member, onDone }: { member?: Member; onDone: () => void }) {
  const t = useT()
  const fetcher = useFetcher<typeof membersAction>()
  const key = useActionKey(fetcher.data?.ok === true)
  const busy = fetcher.state !== 'idle'
  const result = fetcher.data
  const field = result && !result.ok && 'field' in result ? result.field : undefined
  const saved = result?.ok === true && fetcher.state === 'idle'
  useEffect(() => {
    if (saved) onDone()
  }, [saved, onDone])
  const id = member ? `member-${member.id}` : 'member-new'
  return (
    <fetcher.Form
      method="post"
      className={`${form.form} ${layout.card} ${styles.form}`}
      noValidate
      aria-label={t('members.formTitle')}
    >
      <input type="hidden" name="intent" value={member ? 'edit' : 'add'} />
      {member && <input type="hidden" name="memberId" value={member.id} />}
      <input type="hidden" name={ACTION_KEY_FIELD} value={key} />
      <label htmlFor={`${id}-name`}>{t('members.name')}</label>
      <input
        id={`${id}-name`}
        className={form.input}
        name="name"
        defaultValue={member?.name ?? ''}
        maxLength={RULES.memberNameMaxLength}
        autoComplete="off"
        aria-invalid={field === 'members.nameInvalid' ? true : undefined}
      />
      <label htmlFor={`${id}-year`}>{t('members.birthYear')}</label>
      <input
        id={`${id}-year`}
        className={form.input}
        name="birthYear"
        inputMode="numeric"
        pattern="[0-9]*"
        maxLength={4}
        placeholder={t('members.birthYearHint')}
        defaultValue={member?.birthYear ?? ''}
        aria-invalid={field === 'members.birthYearInvalid' ? true : undefined}
      />
      {field && (
        <p className={styles.problem} role="alert">
          {t(field, { max: RULES.memberNameMaxLength })}
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className={button.button} disabled={busy}>
          {busy ? t('members.saving') : t('members.save')}
        </button>
        <button type="button" className={button.ghost} onClick={onDone} disabled={busy}>
          {t('members.cancel')}
        </button>
      </div>
      {result && !result.ok && !('field' in result) && <ActionFailure failure={result} />}
    </fetcher.Form>
  )
}
