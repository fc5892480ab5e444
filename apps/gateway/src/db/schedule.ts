import { addDays, daysBetween, studioInstant, weekday } from '@xdance/contract'
import type { Database } from './database'
import { DEMO_COURSES, DEMO_KIDS_COURSES, DEMO_KIDS_TIME, DEMO_SLOTS, type DemoCourse } from './demo-data'

/**
 * Fills every day from `from` to `to` (inclusive) that has no scheduled classes with the weekly template.
 * Days that already have classes are left alone, so a restart never duplicates a day and a long-running
 * demo stays current as the calendar moves on.
 */
export function ensureSchedule(db: Database, orgId: string, from: string, to: string): number {
  const present = new Set(
    db
      .all<{ day: string }>(
        "SELECT DISTINCT day FROM classes WHERE org_id = ? AND source = 'schedule' AND day BETWEEN ? AND ?",
        orgId,
        from,
        to,
      )
      .map((row) => row.day),
  )
  let added = 0
  for (let offset = 0; offset <= daysBetween(from, to); offset++) {
    const day = addDays(from, offset)
    if (present.has(day)) continue
    const dow = weekday(day)
    const slots = DEMO_SLOTS[dow] ?? []
    slots.forEach((time, slot) => {
      const course = DEMO_COURSES[(dow * 4 + slot) % DEMO_COURSES.length]
      if (!course) return
      insertClass(
        db,
        orgId,
        day,
        course,
        studioInstant(day, time),
        frontDeskBookings(dow, slot, course.capacity),
      )
      added++
    })
    const kids = DEMO_KIDS_COURSES[dow]
    if (kids) {
      insertClass(db, orgId, day, kids, studioInstant(day, DEMO_KIDS_TIME), 2)
      added++
    }
  }
  return added
}

// Seats already taken at the front desk, so the demo schedule shows nearly full and full classes.
// Deterministic, so the same weekday always looks the same.
function frontDeskBookings(dow: number, slot: number, capacity: number): number {
  if ((dow + slot) % 5 === 0) return capacity
  return (dow * 7 + slot * 5) % (capacity - 1)
}

/** The beginner course the demo adds to an evening without one (Hip-hop Grooves, bookable by anyone). */
const EVENING_BEGINNER_TIME = '18:30'

/**
 * Makes sure `day` has a beginner class starting in the evening (18:00 or later, studio time), adding one at 18:30
 * when the weekly template gave that day none: the demo always answers "a beginner class tomorrow evening", whatever
 * the weekday it starts on.
 */
export function ensureEveningBeginnerClass(db: Database, orgId: string, day: string): void {
  const evening = studioInstant(day, '18:00')
  const present = db.get<{ id: number }>(
    `SELECT id FROM classes WHERE org_id = ? AND day = ? AND level = 'beginner' AND starts_at >= ? LIMIT 1`,
    orgId,
    day,
    evening,
  )
  if (present) return
  const course = DEMO_COURSES.find(
    (item): item is DemoCourse => item.level === 'beginner' && item.style === 'hiphop',
  )
  if (!course) return
  insertClass(db, orgId, day, course, studioInstant(day, EVENING_BEGINNER_TIME), 3)
}

/** One class of the demo's schedule: `course` on `day` from `startsAt`, with `booked` seats already taken. */
function insertClass(
  db: Database,
  orgId: string,
  day: string,
  course: DemoCourse,
  startsAt: number,
  booked: number,
): void {
  db.run(
    `INSERT INTO classes (org_id, day, title, style, level, teacher_id, room, starts_at, ends_at, capacity, booked,
       credits, description, source, title_en, room_en, description_en, age_min, age_max)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, 'schedule', ?, ?, ?, ?, ?)`,
    orgId,
    day,
    course.title,
    course.style,
    course.level,
    course.teacherId,
    course.room,
    startsAt,
    startsAt + course.minutes * 60_000,
    course.capacity,
    booked,
    course.description,
    course.en.title,
    course.en.room,
    course.en.description,
    course.ages?.min ?? null,
    course.ages?.max ?? null,
  )
}
