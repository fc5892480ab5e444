// The token must never leave the gateway, so the path part of `path` (before any '?' or '#') is held to a shape that
// can neither change the origin nor climb out of baseURL, whatever a URL parser, a proxy or the gateway does with it:
// - it starts with exactly one '/': no scheme (`http:`, `javascript:`, `data:`), no `//host`, nothing before the '/';
// - no control character (URL parsers silently drop tabs and newlines: `/\t/evil` becomes `//evil`) and no backslash
//   (read as '/' in http URLs);
// - no '.' or '..' segment, nor `..;` (Tomcat reads it as '..');
// and all of this again after each round of percent-decoding, since servers decode `%2e%2e%2f` or `%252e` and IIS
// also `%u002e`. The query and fragment cannot change the origin and may hold anything.

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const UNSAFE = /^(?!\/)|^\/\/|[\\\x00-\x1f\x7f]|(^|\/)\.\.?(;[^/]*)?(\/|$)/

/**
 * Whether `path` stays inside the gateway's base URL (see the rules above).
 * @example
 * isSafePath('/member/profile?tab=1') // true
 * isSafePath('//attacker.test') // false
 */
export const isSafePath = (path: string): boolean => isSafePart(String(path).split(/[?#]/)[0] as string)

// `unescape` decodes %XX and %uXXXX one at a time and leaves a malformed sequence alone, so a stray '%zz' cannot hide
// an encoded '..' (decodeURIComponent would throw on it). Each round that changes anything shortens the string, so
// the recursion ends.
const isSafePart = (part: string): boolean =>
  !UNSAFE.test(part) && (part === unescape(part) || isSafePart(unescape(part)))
