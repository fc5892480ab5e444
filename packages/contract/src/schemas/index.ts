// `@xdance/contract/schemas`: the Valibot schemas of every request and answer, each concern's rows, and the whole
// table. Apart from the root entry so that a client importing only types, rules and paths bundles no schema.

export * from './account'
export * from './client-errors'
export * from './commerce'
export * from './dev'
export * from './endpoints'
export * from './envelope'
export * from './fields'
export * from './idempotency'
export * from './notices'
export * from './records'
export * from './studio'
export * from './waitlist'
export * from './wechat'
