import { articleExtraParams, type ExtraParams } from '@xdance/tracker'
import { getQueryParam } from '@xdance/url'

/**
 * The app's extra parameters of a visit report: the spec's iPhone article rule (`contentId` and `sharer`), and for a
 * visit that arrived by a shared link (a `sharer` in its address), on any phone, that incoming `sharer`, on the first
 * report of that address only (a visit hidden and resumed reports again, but the arrival is credited once).
 *
 * @example
 * const tracker = createTracker({ reportURL, client, extraParams: createVisitExtraParams() })
 */
export function createVisitExtraParams(): ExtraParams {
  const credited = new Set<string>()
  return (visit) => {
    const spec = articleExtraParams(visit)
    const sharer = getQueryParam(visit.url, 'sharer')
    if (!sharer || credited.has(visit.url)) return spec
    credited.add(visit.url)
    return { ...spec, sharer }
  }
}
