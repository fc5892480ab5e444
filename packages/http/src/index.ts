export { createGatewayClient } from './create-gateway-client'
export * from './errors-entry'
export type {
  BodyRequestOptions,
  Envelope,
  GatewayClient,
  GatewayClientOptions,
  QueryValue,
  RequestOptions,
} from './types'
