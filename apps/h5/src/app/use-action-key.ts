import { useEffect, useState } from 'react'
import { newActionKey } from './keyed-action'

/**
 * The idempotency key of the customer's current intent on a form: the same across retries of a failed submit, a new
 * one once the action went through (`done`), so the next booking is a new intent.
 *
 * @example
 * const key = useActionKey(fetcher.data?.ok === true)
 * <input type="hidden" name={ACTION_KEY_FIELD} value={key} />
 */
export function useActionKey(done: boolean): string {
  const [key, setKey] = useState(newActionKey)
  useEffect(() => {
    if (done) setKey(newActionKey())
  }, [done])
  return key
}
