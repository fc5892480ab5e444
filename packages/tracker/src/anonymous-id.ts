import { ANONYMOUS_ID_KEY } from '@xdance/session'
import type { TrackerWindow } from './browser'
import { readStorage, writeStorage } from './storage'

// An id made in this page: where storage refuses to keep it, the visit reports and the trace marks (two entries,
// one shared chunk) still send the same id for the life of the page.
let unsaved: string | undefined

/**
 * The anonymous visitor id under local storage `report-uuid`, the key of `@xdance/session`'s `getAnonymousId` (so
 * both give the same id): the stored one, or a new version 4 UUID from `crypto.getRandomValues`, stored.
 */
export function anonymousId(window: TrackerWindow): string {
  let id = readStorage(window, 'local', ANONYMOUS_ID_KEY) || unsaved
  if (!id) {
    id = unsaved = '10000000-1000-4000-8000-100000000000'.replace(/[018]/g, (digit) =>
      (
        +digit ^
        ((window.crypto.getRandomValues(new Uint8Array(1))[0] as number) & (15 >> (+digit / 4)))
      ).toString(16),
    )
    writeStorage(window, 'local', ANONYMOUS_ID_KEY, id)
  }
  return id
}
