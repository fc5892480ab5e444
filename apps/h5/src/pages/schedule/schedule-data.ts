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
  classes: DanceClass[]
}

/**
 * `/schedule?style&level&teacher&date`: the two-week strip and the chosen day's classes, filtered; readable
 * signed out. The URL's filters win and are remembered for the visit; a URL without any filter takes the
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
  const { client } = context.get(servicesContext)
  const { signal } = request
  const [classes, teachers] = await Promise.all([
    callGateway(
      client,
      'listClasses',
      // An unset filter is left out of the query (`undefined`); the gateway takes an empty one as unset too.
      {
        query: {
          from: selected,
          to: selected,
          style: filters.style || undefined,
          level: filters.level || undefined,
          teacherId: filters.teacher || undefined,
        },
      },
      { signal },
    ),
    callGateway(client, 'listTeachers', {}, { signal }),
  ])
  return { days, today, selected, filters, teachers: teachers.list, classes: classes.list }
}
