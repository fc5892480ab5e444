// `@xdance/http/errors`: the error classes and default texts without the client, for code that only tells failures
// apart or localises them (an error page, a toast) and loads the client itself later, e.g. with `import()`. The same
// classes as the root entry's: one module behind both, so `instanceof` and `isInstance` agree across the two.
export type { GatewayMessages } from './constants'
export { DEFAULT_MESSAGES, HTTP_TIMEOUT } from './constants'
export type { RequestErrorCode, TransportErrorKind } from './errors'
export { GatewayError, GatewayRequestError, GatewayTransportError, XdanceHttpError } from './errors'
