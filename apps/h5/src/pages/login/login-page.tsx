import { ERROR_CODE } from '@xdance/contract'
import { useEffect, useMemo, useState } from 'react'
import { Link, useFetcher } from 'react-router'
import { useT } from '../../app/app-context'
import { useHydrated } from '../../app/use-hydrated'
import button from '../../ui/button.module.css'
import formStyles from '../../ui/form.module.css'
import layout from '../../ui/layout.module.css'
import text from '../../ui/text.module.css'
import type { loginAction } from './login-data'
import styles from './login-page.module.css'

/** `/login`: phone number and one-time code (web mode only). */
export function LoginPage() {
  const fetcher = useFetcher<typeof loginAction>()
  const t = useT()
  const result = fetcher.data
  const fields = result && !result.ok && 'fields' in result ? result.fields : {}
  const intent = fetcher.formData?.get('intent')
  const busy = fetcher.state !== 'idle'
  // The send button works only with JavaScript (the sign-in button is a form submission, held until it runs).
  const hydrated = useHydrated()
  // Recomputed per answer only: each answer (a new `fetcher.data`) starts its own count.
  const countdown = useCountdown(useMemo(() => sendWait(result), [result]))
  // Too many wrong codes: the gateway refuses any code, the right one too, until its `retryAfter` has passed.
  const locked = useCountdown(useMemo(() => lockWait(result), [result]))

  return (
    <div className={layout.page}>
      <div className={layout.pageHead}>
        <h1>{t('login.title')}</h1>
        <p className={text.hint}>{t('login.subtitle')}</p>
      </div>
      <fetcher.Form method="post" className={`${formStyles.form} ${layout.card}`} noValidate>
        <div className={formStyles.field}>
          <label htmlFor="login-phone">{t('login.phone')}</label>
          <input
            id="login-phone"
            className={formStyles.input}
            name="phone"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={20}
            placeholder={t('login.phonePlaceholder')}
            aria-invalid={fields.phone ? true : undefined}
            aria-describedby={fields.phone ? 'login-phone-error' : undefined}
          />
          {fields.phone && (
            <p id="login-phone-error" className={`${text.small} ${formStyles.error}`} role="alert">
              {t(fields.phone)}
            </p>
          )}
        </div>
        <div className={formStyles.field}>
          <label className={formStyles.choice}>
            <input
              type="checkbox"
              name="consent"
              value="yes"
              aria-invalid={fields.consent ? true : undefined}
              aria-describedby={fields.consent ? 'login-consent-error' : undefined}
            />
            <span>{t('login.consent')}</span>
          </label>
          <p className={styles.documents}>
            <Link className={button.quiet} to="/legal/terms">
              {t('login.terms')}
            </Link>
            <Link className={button.quiet} to="/legal/privacy">
              {t('login.privacy')}
            </Link>
          </p>
          {fields.consent && (
            <p id="login-consent-error" className={`${text.small} ${formStyles.error}`} role="alert">
              {t(fields.consent)}
            </p>
          )}
        </div>
        <div className={formStyles.field}>
          <label htmlFor="login-code">{t('login.code')}</label>
          <div className={styles.inputRow}>
            <input
              id="login-code"
              className={formStyles.input}
              name="code"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder={t('login.codePlaceholder')}
              aria-invalid={fields.code ? true : undefined}
              aria-describedby={fields.code ? 'login-code-error' : undefined}
            />
            <button
              type="button"
              className={button.ghost}
              onClick={(event) => {
                // A plain button, so Enter in a field signs in rather than sending another code.
                const form = event.currentTarget.form
                if (!form) return
                const data = new FormData(form)
                data.set('intent', 'sms')
                fetcher.submit(data, { method: 'post' })
              }}
              disabled={!hydrated || countdown > 0 || (busy && intent === 'sms')}
            >
              {countdown > 0 ? t('login.resend', { seconds: countdown }) : t('login.sendCode')}
            </button>
          </div>
          {fields.code && (
            <p id="login-code-error" className={`${text.small} ${formStyles.error}`} role="alert">
              {t(fields.code)}
            </p>
          )}
        </div>
        <button
          type="submit"
          name="intent"
          value="login"
          className={`${button.button} ${button.block}`}
          disabled={(busy && intent === 'login') || locked > 0}
        >
          {locked > 0
            ? t('login.lockedFor', { seconds: locked })
            : busy && intent === 'login'
              ? t('login.submitting')
              : t('login.submit')}
        </button>
      </fetcher.Form>
    </div>
  )
}

type LoginResult = Awaited<ReturnType<typeof loginAction>>

// Seconds the send button waits: the gateway's `resendIn` after a code went out, or its `retryAfter` when it refused
// to send one (too many codes for this phone, this address or the studio). A new answer starts a new count.
function sendWait(result: LoginResult | undefined): { seconds: number } | undefined {
  if (!result || result instanceof Response) return undefined
  if (result.ok) return result.intent === 'sms' ? { seconds: result.resendIn } : undefined
  if ('code' in result && result.code === String(ERROR_CODE.SMS_TOO_FREQUENT) && result.retryAfter) {
    return { seconds: result.retryAfter }
  }
  return undefined
}

// Seconds the sign-in button waits after the gateway locked sign-in for this phone or address.
function lockWait(result: LoginResult | undefined): { seconds: number } | undefined {
  if (!result || result instanceof Response || result.ok || !('code' in result)) return undefined
  return result.code === String(ERROR_CODE.LOGIN_LOCKED) && result.retryAfter
    ? { seconds: result.retryAfter }
    : undefined
}

// Seconds left of a wait, counting down once a second; each new `wait` object (a new answer) starts over.
function useCountdown(wait: { seconds: number } | undefined): number {
  const [left, setLeft] = useState(0)
  useEffect(() => {
    if (wait === undefined) return
    const until = Date.now() + wait.seconds * 1000
    const tick = () => setLeft(Math.max(0, Math.ceil((until - Date.now()) / 1000)))
    tick()
    const timer = setInterval(tick, 1000)
    return () => clearInterval(timer)
  }, [wait])
  return left
}
