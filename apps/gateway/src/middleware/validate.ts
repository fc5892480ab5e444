import { BODY_MESSAGE } from '@xdance/contract/schemas'
import { Refusal } from '../core/gateway-server-error'

/** One issue as Standard Schema reports it (Valibot's path items carry the key). */
interface Issue {
  readonly message: string
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined
}

/** The dotted path of an issue (`phone`, `extra`), or `undefined` for an issue about the whole value. */
function dottedPath(issue: Issue): string | undefined {
  if (!issue.path || issue.path.length === 0) return undefined
  return issue.path.map((item) => String(typeof item === 'object' ? item.key : item)).join('.')
}

/** The refusal for a value that does not hold: the first issue's message, naming its field. */
function validationRefusal(issues: readonly Issue[]): Refusal {
  const [issue] = issues
  if (!issue) return new Refusal('VALIDATION', { msg: BODY_MESSAGE })
  const field = dottedPath(issue)
  if (field === undefined) return new Refusal('VALIDATION', { msg: issue.message })
  return new Refusal('VALIDATION', { msg: issue.message, tips: `参数 ${field} 不正确`, data: { field } })
}

/**
 * The hook of Hono's validator middleware (`sValidator(target, schema, refuseInvalid)`) over the contract's
 * schemas: the parsed value is `c.req.valid(target)`; a value that does not hold is refused with 40001 (the first
 * issue's message, `data: { field }`).
 */
export function refuseInvalid(result: { success: true } | { success: false; error: readonly Issue[] }): void {
  if (!result.success) throw validationRefusal(result.error)
}
