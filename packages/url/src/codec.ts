/** Decodes one query component; `+` is a space. Malformed percent text comes back exactly as written. */
export const decode = (text: string): string => {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '))
  } catch {
    return text
  }
}
