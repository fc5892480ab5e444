import { type LoaderFunctionArgs, redirect } from 'react-router'
import { getMe, logout } from '../../api/studio-api'
import type { Me } from '../../api/types'
import { settle } from '../../app/gateway-failure'
import { services } from '../../app/services'
import { forgetSignIn, requireSignIn } from '../../auth/sign-in'
import { t } from '../../i18n/i18n'

export interface MeData {
  me: Me
}

/** `/me`: the signed-in customer's profile. */
export async function meLoader({ request }: LoaderFunctionArgs): Promise<MeData> {
  requireSignIn(request)
  return { me: await getMe(services().client, { signal: request.signal }) }
}

/**
 * Signs out (web mode): the gateway revokes the token, and the device forgets it even when the gateway cannot be
 * reached, so a customer who taps "sign out" is signed out.
 */
export async function signOutAction(): Promise<Response> {
  const { client, mode, toasts } = services()
  if (mode === 'app') return redirect('/me')
  await settle(() => logout(client))
  forgetSignIn()
  toasts.show(t('toast.signedOut'), 'info')
  return redirect('/')
}
