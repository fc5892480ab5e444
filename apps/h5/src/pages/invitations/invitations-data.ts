import type { InvitationList } from '@xdance/contract'
import { getUserId } from '@xdance/session'
import type { LoaderFunctionArgs } from 'react-router'
import { callGateway } from '../../api/gateway-call'
import { servicesContext } from '../../app/services'

/** `/me/invitations` (邀请好友): the customer's invitations and their userId, the `sharer` of the link they share. */
export async function invitationsLoader({
  context,
  request,
}: LoaderFunctionArgs): Promise<InvitationList & { sharer: string | undefined }> {
  const { client } = context.get(servicesContext)
  const list = await callGateway(client, 'GET /me/invitations', {}, { signal: request.signal })
  return { ...list, sharer: getUserId() }
}
