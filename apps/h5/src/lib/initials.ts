/**
 * What stands for a person without a photo: the first letters of the first two words of a Latin name
 * (`Marco Li` → `ML`), else the first character (`林夏` → `林`).
 *
 * @example
 * initials('林夏') // '林'
 */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  if (words.length > 1 && words.every((word) => /^[A-Za-z]/.test(word))) {
    return words
      .slice(0, 2)
      .map((word) => word[0]?.toUpperCase())
      .join('')
  }
  const [first = ''] = words[0] ?? ''
  return /[a-z]/.test(first) ? first.toUpperCase() : first
}
