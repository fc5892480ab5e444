import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { type Harness, type TraceRecord, type VisitReport, waitUntil } from './harness'

/** The path of a report's or mark's `url`. */
export const pathOf = (url: string | undefined): string => (url ? new URL(url).pathname : '')

/**
 * Ends the last visit the way a customer does (closing the tab: pagehide), then waits until the gateway has
 * `count` visit reports and returns them. Closing rather than navigating away: during a hard navigation
 * Playwright's emulated user agent is already gone when the old page's pagehide runs, so an iPhone would report
 * as desktop Linux.
 */
export async function leaveAndCollect(h: Harness, page: Page, count: number): Promise<VisitReport[]> {
  await page.close()
  return waitUntil(
    () => h.reports(),
    (reports) => reports.length >= count,
  )
}

/**
 * The checks every journey makes on its visit reports: exactly the expected paths in order, each visit longer
 * than the tracker's 100 ms floor, no report twice, every field the spec lists present.
 */
export function expectVisits(reports: readonly VisitReport[], paths: readonly string[]): void {
  expect(reports.map((report) => pathOf(report.params.url))).toEqual(paths)
  for (const { params } of reports) {
    expect(params.actionType).toBe('visit')
    expect(Number(params.actionDuration)).toBeGreaterThan(100)
    expect(Number(params.eventTime)).toBeGreaterThan(0)
    expect(params.uuid).toMatch(/\S/)
    for (const field of ['openId', 'orgId', 'visitProgress']) expect(params).toHaveProperty(field)
    expect(Number(params.visitProgress)).toBeGreaterThanOrEqual(0)
    expect(Number(params.visitProgress)).toBeLessThanOrEqual(100)
  }
  const keys = reports.map((report) => `${report.params.url}|${report.params.eventTime}`)
  expect(new Set(keys).size, 'a visit was reported twice').toBe(keys.length)
}

/**
 * Waits for the trace marks and checks their paths in order (an exact list, so a mark sent twice fails) and fields.
 */
export async function expectTraces(h: Harness, paths: readonly string[]): Promise<TraceRecord[]> {
  const traces = await waitUntil(
    () => h.traces(),
    (list) => list.length >= paths.length,
  )
  expect(traces.map((trace) => trace.body.path)).toEqual(paths)
  for (const { body } of traces) {
    expect(body).toMatchObject({ endpoint: 'h5', traceType: 'page' })
    expect(pathOf(body.url)).toBe(body.path)
    expect(body.deviceId).toMatch(/\S/)
  }
  return traces
}

/** The text of the toasts on screen now (they are plain text nodes). */
export async function toastTexts(page: Page): Promise<string[]> {
  return page.getByTestId('toast').allTextContents()
}

/**
 * Waits until a toast with exactly `text` is on screen (and fails if none comes within `timeout`). Not read a second
 * time: a toast lasts 3 s and goes with its page, so on a busy machine it may be gone by a second look.
 */
export async function expectToast(page: Page, text: string, timeout = 15_000): Promise<void> {
  const exact = new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)
  await page.getByTestId('toast').filter({ hasText: exact }).first().waitFor({ timeout })
}
