import type { TrackerWindow } from './browser'

/**
 * A value of local or session storage read through the tracker's window, or `undefined`: missing, or a storage that
 * refuses (a sandboxed frame, site data blocked). Never throws. The tracker reads the keys `@xdance/session` writes
 * itself rather than bundling that package's storage layer: the visit tracker stays one small file.
 */
export function readStorage(
  window: TrackerWindow,
  area: 'local' | 'session',
  key: string,
): string | undefined {
  try {
    return window[`${area}Storage`].getItem(key) ?? undefined
  } catch {
    // undefined: no storage, or it refused
  }
}

/** Writes a value; a storage that is missing, full or refusing keeps nothing. Never throws. */
export function writeStorage(
  window: TrackerWindow,
  area: 'local' | 'session',
  key: string,
  value: string,
): void {
  try {
    window[`${area}Storage`].setItem(key, value)
  } catch {
    // nothing kept
  }
}
