import { TERMS_VERSION } from '@xdance/contract'
import { isLoggedIn } from '@xdance/session'
import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect, replace } from 'react-router'
import { callGateway } from '../../api/gateway-call'
import { type GatewayFailure, settle } from '../../app/gateway-failure'
import { servicesContext } from '../../app/services'
import { type LoginFieldErrors, normaliseCode, normalisePhone } from '../../auth/login-form'
import { sanitizeRedirect } from '../../auth/safe-redirect'
import { rememberSignIn, signInExtras } from '../../auth/sign-in'

export interface LoginData {
  /** Where a successful sign-in goes: always a path of this app. */
  redirectTo: string
}

export type LoginFormResult =
  | { ok: false; fields: LoginFieldErrors }
  | { ok: true; intent: 'sms'; resendIn: number }
  | GatewayFailure

function target(request: Request): string {
  return sanitizeRedirect(new URL(request.url).searchParams.get('redirect'))
}

/** `/login?redirect=…`: web mode only; a signed-in visitor goes straight back. */
export function loginLoader({ context, request }: LoaderFunctionArgs): LoginData {
  const { mode } = context.get(servicesContext)
  // The native app owns the session in app mode: there is no sign-in screen.
  if (mode === 'app') throw redirect('/')
  const redirectTo = target(request)
  if (isLoggedIn(mode)) throw redirect(redirectTo)
  return { redirectTo }
}

/** `intent=sms` sends a code; `intent=login` signs in and goes back to the sanitised return path. */
export async function loginAction({
  context,
  request,
}: ActionFunctionArgs): Promise<LoginFormResult | Response> {
  const form = await request.formData()
  const phone = normalisePhone(form.get('phone'))
  const { client, toasts, i18n } = context.get(servicesContext)
  if (form.get('intent') === 'sms') {
    // No code before the customer agrees to the terms and privacy policy (issue 21); the gateway records the version.
    const consent = form.get('consent') === 'yes'
    if (!phone || !consent) {
      return {
        ok: false,
        fields: {
          ...(phone ? {} : { phone: 'login.phoneInvalid' }),
          ...(consent ? {} : { consent: 'login.consentRequired' }),
        },
      }
    }
    const sent = await settle(() =>
      callGateway(client, 'POST /auth/sms', { body: { phone, consent: TERMS_VERSION } }),
    )
    if (!sent.ok) return sent
    toasts.show(i18n.t('toast.codeSent'), 'info')
    return { ok: true, intent: 'sms', resendIn: sent.value.resendIn }
  }
  const code = normaliseCode(form.get('code'))
  if (!phone || !code) {
    return {
      ok: false,
      fields: {
        ...(phone ? {} : { phone: 'login.phoneInvalid' }),
        ...(code ? {} : { code: 'login.codeInvalid' }),
      },
    }
  }
  const session = await settle(() =>
    callGateway(client, 'POST /auth/login', { body: { phone, code, ...signInExtras() } }),
  )
  if (!session.ok) return session
  rememberSignIn(session.value)
  // In place of the sign-in page: back from where the customer was going must not land on /login, which would
  // only send a signed-in customer forward again.
  return replace(target(request))
}
