import type { Context } from 'hono'
import { Refusal } from './gateway-error'
import type { GatewayEnv } from './routes/gateway-env'
import { readObject } from './validation'

/**
 * The request body as a JSON object. An empty body counts as `{}` (so missing fields are reported by name);
 * broken JSON is refused with 40002 and never reaches a handler.
 */
export function readJsonObject(c: Context<GatewayEnv>): Record<string, unknown> {
  const text = c.get('bodyText') ?? ''
  if (text.trim() === '') return {}
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new Refusal('MALFORMED_JSON')
  }
  return readObject(value)
}
