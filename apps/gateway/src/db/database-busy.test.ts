import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { ERROR_CODE, TERMS_VERSION } from '@xdance/contract'
import { afterAll, afterEach, describe, expect, test } from 'vitest'
import { startTestGateway, type TestGateway } from '../testing/test-gateway'

const folder = mkdtempSync(join(tmpdir(), 'xdance-busy-'))
let gw: TestGateway | undefined
let other: DatabaseSync | undefined

afterEach(async () => {
  if (other?.isOpen) other.close()
  await gw?.close()
})
afterAll(() => rmSync(folder, { recursive: true, force: true }))

describe('a database another process has locked', () => {
  test('writes are answered 503 BUSY with Retry-After at once, reads go on, and writes work again after', async () => {
    const file = join(folder, 'locked.db')
    gw = await startTestGateway({ db: file })
    other = new DatabaseSync(file)
    other.exec('BEGIN EXCLUSIVE')
    // Five writers at once: with the old 5 s busy wait each one stalled the event loop in turn (25 s in all).
    const writes = await Promise.all(
      ['13800138001', '13800138002', '13800138003', '13800138004', '13800138005'].map((phone) =>
        gw?.call('POST', '/auth/sms', { body: { phone, consent: TERMS_VERSION } }),
      ),
    )
    for (const answer of writes) {
      expect(answer?.status).toBe(503)
      expect(answer?.headers.get('retry-after')).toBe('1')
      expect(answer?.body).toMatchObject({ code: ERROR_CODE.BUSY, msg: '系统繁忙，请稍后重试' })
    }
    // WAL: readers are not blocked by the other writer.
    const read = await gw.call('GET', '/products')
    expect(read.body.code).toBe(200)
    other.exec('ROLLBACK')
    const after = await gw.call('POST', '/auth/sms', {
      body: { phone: '13800138001', consent: TERMS_VERSION },
    })
    expect(after.body.code).toBe(200)
    expect(gw.logs.some((line) => line.includes('database busy on POST'))).toBe(true)
  })
})
