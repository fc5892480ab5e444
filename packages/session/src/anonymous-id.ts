import { browser } from './browser'
import { ANONYMOUS_ID_KEY } from './constants'
import { readStorage, writeStorage } from './storage'

/**
 * A version 4 UUID from crypto.getRandomValues, which every browser of the support floor has (secure context or
 * not). crypto.randomUUID is left alone: it gives the same kind of id, and only some of the floor has it.
 */
export function randomId(): string {
  // biome-ignore lint/style/noNonNullAssertion: every engine of the floor, and Node, has crypto
  const crypto = browser('crypto')!
  return '10000000-1000-4000-8000-100000000000'.replace(/[018]/g, (digit) =>
    (+digit ^ ((crypto.getRandomValues(new Uint8Array(1))[0] as number) & (15 >> (+digit / 4)))).toString(16),
  )
}

/**
 * The anonymous visitor id, created once and kept in local storage under `report-uuid`. Without storage it is kept
 * in memory, so it stays the same for the life of the page.
 * @example
 * getAnonymousId() // '3b241101-e2bb-4255-8caf-4136c566a962'
 */
export function getAnonymousId(): string {
  let id = readStorage('local', ANONYMOUS_ID_KEY)
  if (!id) {
    id = randomId()
    writeStorage('local', ANONYMOUS_ID_KEY, id)
  }
  return id
}
