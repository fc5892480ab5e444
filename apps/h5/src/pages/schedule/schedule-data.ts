import type { LoaderFunctionArgs } from 'react-router'
import { listClasses } from '../../api/studio-api'
import type { DanceClass } from '../../api/types'
import { services } from '../../app/services'
import { pickDay, studioDateKey, weekKeys } from '../../lib/dates'

export interface ScheduleData {
  /** The strip: today and the six days after it. */
  days: string[]
  today: string
  selected: string
  classes: DanceClass[]
}

/** `/schedule?date=YYYY-MM-DD`: the week strip and the chosen day's classes; readable signed out. */
export async function scheduleLoader({ request }: LoaderFunctionArgs): Promise<ScheduleData> {
  const today = studioDateKey(Date.now())
  const days = weekKeys(today)
  const selected = pickDay(new URL(request.url).searchParams.get('date'), days)
  const classes = await listClasses(services().client, selected, selected, { signal: request.signal })
  return { days, today, selected, classes }
}
