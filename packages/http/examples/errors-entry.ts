import { GatewayError, GatewayTransportError } from '@xdance/http/errors'

export const isOfflineLike = (error: unknown) =>
  GatewayTransportError.isInstance(error) && error.kind === 'network'
export const refusedCode = (error: unknown) => (GatewayError.isInstance(error) ? error.code : undefined)
