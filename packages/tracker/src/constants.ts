// The spec's paths live in @xdance/contract, imported in this one module: VISIT_REPORT_PATH (from `@xdance/tracker`) and
// TRACE_MARK_PATH (from `@xdance/tracker/trace`) are re-exported by the package so its users keep importing them from it.
export { ARTICLE_PATH, TRACE_MARK_PATH, VISIT_REPORT_PATH } from '@xdance/contract'

/** Visits shorter than this (ms) are not reported (spec section 9). */
export const MIN_VISIT_DURATION = 100

/** A report URL is kept under this many characters: old proxies and pixel GETs cut longer ones. */
export const MAX_REPORT_URL_LENGTH = 2000
