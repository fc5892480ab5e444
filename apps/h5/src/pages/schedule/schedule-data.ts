import { type DanceClass, studioDate, studioDays } from '@xdance/contract'
import type { LoaderFunctionArgs } from 'react-router'
import { listClasses } from '../../api/studio-api'
import { servicesContext } from '../../app/services'
import { pickDay } from '../../lib/pick-day'

export interface ScheduleData {
  /** The strip: today and the six days after it. */
  days: string[]
  today: string
  selected: string
  classes: DanceClass[]
}

/** `/schedule?date=YYYY-MM-DD`: the week strip and the chosen day's classes; readable signed out. */
export async function scheduleLoader({ context, request }: LoaderFunctionArgs): Promise<ScheduleData> {
  const today = studioDate(Date.now())
  const days = studioDays(today, 7)
  const selected = pickDay(new URL(request.url).searchParams.get('date'), days)
  const classes = await listClasses(context.get(servicesContext).client, selected, selected, {
    signal: request.signal,
  })
  return { days, today, selected, classes }
}
