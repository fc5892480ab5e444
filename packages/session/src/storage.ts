import { browser, memory } from './browser'
import type { StorageArea } from './constants'

// Missing storage, a throwing getter (sandboxed frame), a throwing setItem (Safari private mode, a full quota) all end
// in the same catch. A write that could not be persisted is kept in memory for the life of the page and reads look
// there first, so the page keeps working with what it wrote.
function attempt<T>(area: StorageArea, use: (storage: Storage) => T): T | undefined {
  try {
    // biome-ignore lint/style/noNonNullAssertion: a missing storage throws here, like a refusing one
    return use(browser(`${area}Storage`)!)
  } catch {
    // undefined: no storage, or it refused
  }
}

/**
 * A value from local or session storage, or `undefined`. Never throws.
 * @example
 * readStorage('local', 'orgId') // '42'
 */
export function readStorage(area: StorageArea, key: string): string | undefined {
  return memory.get(area + key) ?? attempt(area, (storage) => storage.getItem(key)) ?? undefined
}

/**
 * Writes a value. False when the storage is missing, full or refuses; the value is then kept in memory for this page.
 * Never throws.
 * @example
 * writeStorage('session', 'latestDurationReport', '/home') // true
 */
export function writeStorage(area: StorageArea, key: string, value: string): boolean {
  const saved = !!attempt(area, (storage) => {
    storage.setItem(key, value)
    return true
  })
  if (saved) memory.delete(area + key)
  else memory.set(area + key, value)
  return saved
}

/**
 * Removes a value (also from the in-memory fallback). False when the storage is missing or refuses. Never throws.
 * @example
 * removeStorage('local', 'userId') // true
 */
export function removeStorage(area: StorageArea, key: string): boolean {
  memory.delete(area + key)
  return !!attempt(area, (storage) => {
    storage.removeItem(key)
    return true
  })
}
