import { MAX_REPORT_URL_LENGTH } from './constants'

/**
 * `base?key=value&…` with at most `MAX_REPORT_URL_LENGTH` characters. When too long, the longest value is
 * cut from its end until the URL fits: a shortened report beats a lost one. Values of 64 characters or less
 * are never cut, so a `reportURL` too long on its own gives a longer URL rather than emptied fields.
 * (A cut through a surrogate pair is sent as U+FFFD by URLSearchParams, never thrown.)
 */
export function buildReportUrl(base: string, params: Record<string, string>): string {
  const entries = Object.entries(params)
  for (;;) {
    const url = `${base}?${new URLSearchParams(entries)}`
    if (url.length <= MAX_REPORT_URL_LENGTH) return url
    const [longest] = entries.sort((a, b) => b[1].length - a[1].length)
    if (!(longest && longest[1].length > 64)) return url
    // A UTF-16 code unit encodes to at most 9 characters, so this never cuts more than 8 too many.
    longest[1] = longest[1].slice(0, -Math.ceil((url.length - MAX_REPORT_URL_LENGTH) / 9))
  }
}
