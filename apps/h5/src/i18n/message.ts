/** A message's `{name}` parameters. @example const params: MessageParams = { count: 3 } */
export type MessageParams = Record<string, string | number>
/**
 * A catalogue's message: a template, or (where a language's grammar needs it, such as English plurals) a function of
 * the parameters, which keeps `Intl.PluralRules` in that language's own chunk.
 */
export type Message = string | ((params?: MessageParams) => string)
