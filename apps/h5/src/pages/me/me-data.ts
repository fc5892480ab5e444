import type { Me } from '@xdance/contract'
import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from 'react-router'
import { getMe, logout } from '../../api/studio-api'
import { settle } from '../../app/gateway-failure'
import { servicesContext } from '../../app/services'
import { forgetSignIn } from '../../auth/sign-in'

export interface MeData {
  me: Me
}

/** `/me`: the signed-in customer's profile (the signed-in layout guards it). */
export async function meLoader({ context, request }: LoaderFunctionArgs): Promise<MeData> {
  return { me: await getMe(context.get(servicesContext).client, { signal: request.signal }) }
}

/**
 * Signs out (web mode): the gateway revokes the token, and the device forgets it even when the gateway cannot be
 * reached, so a customer who taps "sign out" is signed out.
 */
export async function signOutAction({ context }: ActionFunctionArgs): Promise<Response> {
  const { client, mode, toasts, i18n } = context.get(servicesContext)
  if (mode === 'app') return redirect('/me')
  await settle(() => logout(client))
  forgetSignIn()
  toasts.show(i18n.t('toast.signedOut'), 'info')
  return redirect('/')
}
