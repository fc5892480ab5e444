import * as v from 'valibot'

/**
 * The schema of an envelope around `data`: what a test or a careful client parses an answer with.
 *
 * @example
 * ```ts
 * import * as v from 'valibot'
 * const answer = v.parse(envelopeSchema(danceClassSchema), await res.json())
 * ```
 */
export function envelopeSchema<TData extends v.GenericSchema>(data: TData) {
  return v.object({
    code: v.union([v.number(), v.string()]),
    data,
    msg: v.string(),
    tips: v.string(),
  })
}
