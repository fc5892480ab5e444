/**
 * Saves `text` as a file named `name` through a blob link (`<a download>`). Desktop and Android browsers download
 * it (a `.ics` then opens in the calendar); iOS Safari offers to add a calendar file; the iOS WeChat in-app browser
 * may do nothing with a download (the customer opens the page in Safari from WeChat's menu).
 *
 * @example
 * downloadFile('class-7.ics', 'text/calendar', icsEvent(event))
 */
export function downloadFile(name: string, type: string, text: string, doc: Document = document): void {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }))
  const link = doc.createElement('a')
  link.href = url
  link.download = name
  link.rel = 'noopener'
  doc.body.append(link)
  link.click()
  link.remove()
  // Revoked later, not at once: some browsers read the blob after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
