import { type ActionFunctionArgs, redirect } from 'react-router'
import { callGateway } from '../../api/gateway-call'
import { settle } from '../../app/gateway-failure'
import { servicesContext } from '../../app/services'
import { forgetSignIn } from '../../auth/sign-in'

// Its own module, loaded with the route's lazy parts: not part of the first screen.

/**
 * Signs out (web mode): the gateway revokes the token, and the device forgets it even when the gateway cannot be
 * reached, so a customer who taps "sign out" is signed out.
 */
export async function signOutAction({ context }: ActionFunctionArgs): Promise<Response> {
  const { client, mode, toasts, i18n } = context.get(servicesContext)
  if (mode === 'app') return redirect('/me')
  await settle(() => callGateway(client, 'POST /auth/logout', {}))
  forgetSignIn()
  toasts.show(i18n.t('toast.signedOut'), 'info')
  return redirect('/')
}
