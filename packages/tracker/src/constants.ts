/**
 * Path of the visit-report endpoint under the gateway prefix (beacon, image pixel fallback).
 * @example
 * createTracker({ reportURL: `/dance-gateway${VISIT_REPORT_PATH}` })
 */
export const VISIT_REPORT_PATH = '/report/behavior/report'

/**
 * Path of the trace-mark endpoint, posted through the gateway client.
 * @example
 * TRACE_MARK_PATH // '/elephant/boss/trace/mark'
 */
export const TRACE_MARK_PATH = '/elephant/boss/trace/mark'

/** Visits shorter than this (ms) are not reported (spec section 9). */
export const MIN_VISIT_DURATION = 100

/** A report URL is kept under this many characters: old proxies and pixel GETs cut longer ones. */
export const MAX_REPORT_URL_LENGTH = 2000
