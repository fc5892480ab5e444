/** A query parsed into a record: one value is a string, a repeated key gives every value in order. */
export type ParsedQuery = Record<string, string | string[]>

/** One value `withQuery` can write: numbers and booleans are written as `String(value)` gives them. */
export type QueryValue = string | number | boolean

/**
 * What `withQuery` takes: a value sets the key, an array repeats it (an empty array removes it),
 * `null` and `undefined` are skipped (the key is left as the URL has it). Inside an array, `null`, `undefined` and
 * the holes of a sparse array add nothing (an array of only those removes the key, like an empty one).
 */
export type QueryParams = Record<
  string,
  QueryValue | readonly (QueryValue | null | undefined)[] | null | undefined
>

/** The parts of an absolute URL, as `URL` gives them, plus its search parsed into `query`. */
export interface ParsedUrl {
  href: string
  origin: string
  protocol: string
  host: string
  hostname: string
  port: string
  pathname: string
  search: string
  hash: string
  /** The search part parsed by `parseQuery`: a null-prototype record, so `query.toString` is `undefined`. */
  query: ParsedQuery
}
