import type { Database } from './database'

/**
 * Checks that the database answers a read and a write (an upsert of the one row of `health`, committed, so a full
 * disk or a read-only file shows up too). Answers `undefined` when it does, or the reason it does not.
 */
export function checkHealth(db: Database, now: number): string | undefined {
  if (!db.isOpen) return 'the database is closed'
  try {
    db.transaction(() => {
      db.run(
        'INSERT INTO health (id, checked_at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at',
        now,
      )
      if (db.get<{ checked_at: number }>('SELECT checked_at FROM health WHERE id = 1')?.checked_at !== now) {
        throw new Error('the database did not read back what it wrote')
      }
    })
    return undefined
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  }
}
