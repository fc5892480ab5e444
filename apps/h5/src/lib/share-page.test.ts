import { describe, expect, it } from 'vitest'
import { type ShareSeam, sharePage } from './share-page'

const PAYLOAD = { title: 'Jazz', text: 'Jazz · 炫舞空间', url: 'https://h5.example.com/classes/7' }
const abort = () => Promise.reject(Object.assign(new Error('closed'), { name: 'AbortError' }))
const fail = () => Promise.reject(new Error('denied'))
const ok = () => Promise.resolve()

describe('sharePage', () => {
  it.each<[string, ShareSeam, string, string[]]>([
    ['the share sheet when there is one', { share: ok, writeText: ok }, 'shared', ['share']],
    ['nothing more when the sheet is closed', { share: abort, writeText: ok }, 'cancelled', ['share']],
    ['the clipboard when the sheet fails', { share: fail, writeText: ok }, 'copied', ['share', 'copy']],
    ['the clipboard when there is no sheet', { writeText: ok }, 'copied', ['copy']],
    ['the link by hand when the clipboard refuses', { writeText: fail }, 'manual', ['copy']],
    ['the link by hand when there is neither', {}, 'manual', []],
  ])('uses %s', async (_case, seam, outcome, used) => {
    const calls: string[] = []
    const spy =
      <T>(name: string, use: ((value: T) => Promise<void>) | undefined) =>
      (value: T) => {
        calls.push(name)
        return use ? use(value) : ok()
      }
    const spied: ShareSeam = {
      share: seam.share && spy('share', seam.share),
      writeText: seam.writeText && spy('copy', seam.writeText),
    }
    expect(await sharePage(PAYLOAD, spied)).toBe(outcome)
    expect(calls).toEqual(used)
  })

  it('hands the sheet the title, text and link, and copies the link alone', async () => {
    const shared: ShareData[] = []
    const copied: string[] = []
    await sharePage(PAYLOAD, { share: async (data) => void shared.push(data) })
    await sharePage(PAYLOAD, { writeText: async (text) => void copied.push(text) })
    expect(shared).toEqual([PAYLOAD])
    expect(copied).toEqual([PAYLOAD.url])
  })
})
