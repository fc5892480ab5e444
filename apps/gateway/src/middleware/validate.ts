import { sValidator } from '@hono/standard-validator'
import { BODY_MESSAGE } from '@xdance/contract/schemas'
import type { ValidationTargets } from 'hono'
import type * as v from 'valibot'
import { Refusal } from '../gateway-server-error'

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
export function validationRefusal(issues: readonly Issue[]): Refusal {
  const [issue] = issues
  const field = issue ? dottedPath(issue) : undefined
  if (field === undefined) return new Refusal('VALIDATION', { msg: issue?.message ?? BODY_MESSAGE })
  return new Refusal('VALIDATION', { msg: issue?.message, tips: `参数 ${field} 不正确`, data: { field } })
}

/**
 * Hono's validator middleware over one of the contract's schemas: the parsed value is `c.req.valid(target)`; a
 * value that does not hold is refused with 40001 (the first issue's message, `data: { field }`).
 */
export function validate<Target extends keyof ValidationTargets, Schema extends v.GenericSchema>(
  target: Target,
  schema: Schema,
) {
  return sValidator(target, schema, (result) => {
    if (!result.success) throw validationRefusal(result.error)
  })
}
