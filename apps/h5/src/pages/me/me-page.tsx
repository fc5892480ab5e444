import { RULES } from '@xdance/contract'
import { Form, Link, useFetcher, useLoaderData, useNavigation } from 'react-router'
import { useMode, useT } from '../../app/app-context'
import { LanguageSwitch } from '../../components/language-switch'
import button from '../../ui/button.module.css'
import form from '../../ui/form.module.css'
import layout from '../../ui/layout.module.css'
import text from '../../ui/text.module.css'
import type { meLoader } from './me-data'
import styles from './me-page.module.css'
import type { profileAction } from './profile-action'

/** `/me`: profile, shortcuts, language, and (web mode only) sign-out. */
export function MePage() {
  const { me } = useLoaderData<typeof meLoader>()
  const t = useT()
  const navigation = useNavigation()
  const signingOut = navigation.state === 'submitting' && navigation.formAction === '/me'
  const web = useMode() === 'web'
  return (
    <div className={layout.page}>
      <section className={`${layout.card} ${layout.section}`} aria-labelledby="me-name">
        <h1 id="me-name">{t('me.greeting', { name: me.nickname })}</h1>
        <p className={text.muted} data-testid="me-phone">
          {t('me.phone', { phone: me.phone })}
        </p>
        <NicknameForm nickname={me.nickname} />
      </section>
      <ul className={layout.menu}>
        <li>
          <Link to="/bookings">
            <span>{t('me.bookings')}</span>
            <span className={styles.chevron} aria-hidden="true">
              {me.upcomingBookings} ›
            </span>
          </Link>
        </li>
        <li>
          <Link to="/me/invitations">
            <span>{t('me.invitations')}</span>
            <span className={styles.chevron} aria-hidden="true">
              ›
            </span>
          </Link>
        </li>
        <li>
          <Link to="/me/teachers">
            <span>{t('me.teachers')}</span>
            <span className={styles.chevron} aria-hidden="true">
              ›
            </span>
          </Link>
        </li>
        <li>
          <Link to="/me/members">
            <span>{t('me.members')}</span>
            <span className={styles.chevron} aria-hidden="true">
              ›
            </span>
          </Link>
        </li>
        <li>
          <Link to="/cards">
            <span>{t('me.cards')}</span>
            <span className={styles.chevron} aria-hidden="true">
              {me.activeCards} ›
            </span>
          </Link>
        </li>
        <li>
          <Link to="/notices">
            <span>{t('me.notices')}</span>
            <span className={styles.chevron} aria-hidden="true">
              {me.unreadNotices > 0 ? `${me.unreadNotices} ` : ''}›
            </span>
          </Link>
        </li>
        <li>
          <Link to="/me/orders">
            <span>{t('me.orders')}</span>
            <span className={styles.chevron} aria-hidden="true">
              ›
            </span>
          </Link>
        </li>
        <li>
          <Link to="/shop">
            <span>{t('me.shop')}</span>
            <span className={styles.chevron} aria-hidden="true">
              ›
            </span>
          </Link>
        </li>
        <li>
          <Link to="/schedule">
            <span>{t('me.schedule')}</span>
            <span className={styles.chevron} aria-hidden="true">
              ›
            </span>
          </Link>
        </li>
      </ul>
      <div className={`${layout.card} ${layout.spread}`} style={{ alignItems: 'center' }}>
        <span>{t('me.language')}</span>
        <LanguageSwitch className={button.ghost} />
      </div>
      {web && (
        <Form method="post">
          <button type="submit" className={`${button.danger} ${button.block}`} disabled={signingOut}>
            {signingOut ? t('me.signingOut') : t('me.signOut')}
          </button>
        </Form>
      )}
    </div>
  )
}

/** The customer's name, editable: saved through `/me/profile`, the greeting follows. */
function NicknameForm({ nickname }: { nickname: string }) {
  const t = useT()
  const fetcher = useFetcher<typeof profileAction>()
  const saving = fetcher.state !== 'idle'
  const invalid = fetcher.data && !fetcher.data.ok && 'field' in fetcher.data ? fetcher.data.field : undefined
  return (
    <fetcher.Form method="post" action="/me/profile" className={styles.nickname} noValidate>
      <label htmlFor="me-nickname">{t('me.nickname')}</label>
      <div className={styles.nicknameRow}>
        <input
          id="me-nickname"
          className={form.input}
          name="nickname"
          defaultValue={nickname}
          key={nickname}
          maxLength={RULES.nicknameMaxLength}
          autoComplete="nickname"
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? 'me-nickname-error' : undefined}
        />
        <button type="submit" className={button.ghost} disabled={saving}>
          {saving ? t('me.savingNickname') : t('me.saveNickname')}
        </button>
      </div>
      {invalid && (
        <p id="me-nickname-error" className={`${text.small} ${form.error}`} role="alert">
          {t(invalid)}
        </p>
      )}
    </fetcher.Form>
  )
}
