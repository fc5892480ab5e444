export type { GatewayMessages } from './constants'
export { DEFAULT_MESSAGES, HTTP_TIMEOUT } from './constants'
export { createGatewayClient } from './create-gateway-client'
export type { RequestErrorCode, TransportErrorKind } from './errors'
export { GatewayError, GatewayRequestError, GatewayTransportError, XdanceHttpError } from './errors'
export type {
  BodyRequestOptions,
  Envelope,
  GatewayClient,
  GatewayClientOptions,
  QueryValue,
  RequestOptions,
} from './types'
