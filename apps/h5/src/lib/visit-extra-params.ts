import { readStorage, writeStorage } from '@xdance/session'
import { articleExtraParams, type ExtraParams } from '@xdance/tracker'
import { getQueryParam } from '@xdance/url'

/** Session-storage key of the shared addresses already credited in this browser session. */
export const CREDITED_KEY = 'xdance-sharer-credited'
const KEEP = 20

/** Where the credited addresses are kept (a test passes its own). */
export interface CreditStore {
  read(): string | undefined
  write(value: string): void
}

const sessionStore: CreditStore = {
  read: () => readStorage('session', CREDITED_KEY),
  write: (value) => void writeStorage('session', CREDITED_KEY, value),
}

/**
 * The app's extra parameters of a visit report: the spec's iPhone article rule (`contentId` and `sharer`), and for a
 * visit that arrived by a shared link (a `sharer` in its address), on any phone, that incoming `sharer`, on the first
 * report of that address in this browser session only (a visit hidden and resumed, or the page reloaded, is not
 * credited again).
 *
 * @example
 * const tracker = createTracker({ reportURL, client, extraParams: createVisitExtraParams() })
 */
export function createVisitExtraParams(store: CreditStore = sessionStore): ExtraParams {
  return (visit) => {
    const spec = articleExtraParams(visit)
    const sharer = getQueryParam(visit.url, 'sharer')
    if (!sharer) return spec
    // Addresses separated by spaces (a URL holds none).
    const done = (store.read() ?? '').split(' ')
    if (done.includes(visit.url)) return spec
    store.write([...done, visit.url].slice(-KEEP).join(' '))
    return { ...spec, sharer }
  }
}
