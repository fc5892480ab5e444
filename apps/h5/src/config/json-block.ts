/**
 * A `<script type="application/json">` data block holding `value`: `<`, U+2028 and U+2029 are escaped, so no value
 * (an article title holding `</script>`) can end the block early. The one JSON escaper of the app's pages (the
 * settings block and the served page's data).
 *
 * @example
 * jsonBlock('xdance-settings', { officialAccountAppId: '' })
 * // '<script type="application/json" id="xdance-settings">{"officialAccountAppId":""}</script>'
 */
export function jsonBlock(id: string, value: unknown): string {
  const json = JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
  return `<script type="application/json" id="${id}">${json}</script>`
}
