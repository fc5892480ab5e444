import { type DanceClass, type OrgTeacher, RULES, studioDate, studioDays } from '@xdance/contract'
import { type LoaderFunctionArgs, redirect } from 'react-router'
import { callGateway } from '../../api/gateway-call'
import { servicesContext } from '../../app/services'
import { pickDay } from '../../lib/pick-day'
import {
  FILTER_KEYS,
  isFiltered,
  readFilters,
  recallFilters,
  rememberFilters,
  type ScheduleFilters,
  schedulePath,
} from './schedule-filters'

export interface ScheduleData {
  /** The strip: today and the days after it the gateway publishes (`RULES.scheduleAheadDays`). */
  days: string[]
  today: string
  selected: string
  filters: ScheduleFilters
  teachers: OrgTeacher[]
  /** Filtered: the matching classes of every published day (from today); unfiltered: the selected day's. */
  classes: DanceClass[]
}

/**
 * `/schedule?style&level&teacher&time&q&date`: unfiltered, the two-week strip and the chosen day's classes; with any
 * filter, the matching classes of the whole published schedule (today and the days after it), which the page lists
 * under day headings. Readable signed out. The URL's filters win and are remembered for the visit; a URL without any filter takes the
 * remembered ones (a redirect, so the address bar shows them and the page can be shared as it is).
 */
export async function scheduleLoader({ context, request }: LoaderFunctionArgs): Promise<ScheduleData> {
  const params = new URL(request.url).searchParams
  let filters = readFilters(params)
  if (FILTER_KEYS.some((key) => params.has(key))) rememberFilters(filters)
  else {
    const remembered = recallFilters()
    if (isFiltered(remembered)) throw redirect(schedulePath(remembered, params.get('date')))
    filters = remembered
  }
  const today = studioDate(Date.now())
  const days = studioDays(today, RULES.scheduleAheadDays)
  const selected = pickDay(params.get('date'), days)
  const filtered = isFiltered(filters)
  const { client } = context.get(servicesContext)
  const { signal } = request
  const [classes, teachers] = await Promise.all([
    callGateway(
      client,
      'GET /classes',
      // An unset filter is left out of the query (`undefined`); the gateway takes an empty one as unset too.
      {
        query: {
          from: filtered ? today : selected,
          to: filtered ? (days[days.length - 1] ?? today) : selected,
          style: filters.style || undefined,
          level: filters.level || undefined,
          teacherId: filters.teacher && filters.teacher !== 'mine' ? filters.teacher : undefined,
          followed: filters.teacher === 'mine' ? '1' : undefined,
          time: filters.time || undefined,
          q: filters.q || undefined,
          age: filters.age || undefined,
        },
      },
      { signal },
    ),
    callGateway(client, 'GET /teachers', {}, { signal }),
  ])
  // A class of today that is over is no longer something to find.
  const list = filtered ? classes.list.filter((item) => item.status !== 'ended') : classes.list
  return { days, today, selected, filters, teachers: teachers.list, classes: list }
}
