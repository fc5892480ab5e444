import type { Mode } from '@xdance/session'
import { session } from './session'

/**
 * In web mode, a plain-object body without `orgId` gets the stored one, in a copy (the caller's object is untouched).
 * App mode, other bodies (FormData, Blob, string, array) and a body that has its own `orgId` are returned as they are.
 * @example
 * withOrgId({ page: 1 }, 'web') // { page: 1, orgId: '42' }
 */
export function withOrgId(body: unknown, mode: Mode): unknown {
  const orgId = mode === 'web' && (body as object | undefined)?.constructor === Object && session.getOrgId()
  return orgId && (body as { orgId?: unknown }).orgId === undefined ? { ...(body as object), orgId } : body
}
