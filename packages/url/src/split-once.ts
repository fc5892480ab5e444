/**
 * Splits at the first `separator`, which stays at the head of the second part:
 * `('/a?b=1', '?')` gives `['/a', '?b=1']`, and a missing separator gives `[text, '']`.
 */
export const splitOnce = (text: string, separator: string): [string, string] => {
  const at = text.indexOf(separator)
  const end = at < 0 ? text.length : at
  return [text.slice(0, end), text.slice(end)]
}
