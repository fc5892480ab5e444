import { GatewayError, GatewayTransportError } from '@xdance/http'
import { describe, expect, test } from 'vitest'
import { failureKind, revalidateAfter, settle } from './gateway-failure'

const refusal = (code: number | string) =>
  new GatewayError('refused', { code, data: null, unauthorized: false })
const transport = (kind: 'timeout' | 'network' | 'http' | 'parse' | 'abort') =>
  new GatewayTransportError(kind, { kind, timeout: kind === 'timeout' })

describe('failureKind: what the customer is told happened', () => {
  test.each([
    ['a refusal (class full)', refusal(40901), true, 'refused'],
    ['the gateway failed (50001)', refusal(50001), true, 'unavailable'],
    ['the database busy (50301)', refusal(50301), true, 'unavailable'],
    ['a timeout', transport('timeout'), true, 'timeout'],
    ['a reset connection while online', transport('network'), true, 'network'],
    ['any transport failure while the browser is offline', transport('timeout'), false, 'offline'],
    ["a proxy's HTML 502", transport('http'), true, 'unavailable'],
    ['no envelope', transport('parse'), true, 'unavailable'],
    [
      'a TypeError in our code (a bug)',
      new TypeError("Cannot read properties of undefined (reading 'x')"),
      true,
      undefined,
    ],
    ['a TypeError in our code while offline is still a bug', new TypeError('x'), false, undefined],
  ])('%s', (_name, error, online, kind) => {
    expect(failureKind(error, online)).toBe(kind)
  })
})

describe('settle', () => {
  test('a gateway failure becomes a value with its kind; a bug is thrown on', async () => {
    expect(await settle(() => Promise.reject(transport('timeout')))).toEqual({
      ok: false,
      code: 'timeout',
      kind: 'timeout',
    })
    await expect(settle(() => Promise.reject(new TypeError('bug')))).rejects.toThrow('bug')
  })

  test("a refusal carries the gateway's msg, else its tips, for the page to say under the form", async () => {
    const said = (msg: string, tips: string) =>
      new GatewayError('refused', { code: 40901, msg, tips, data: null, unauthorized: false })
    expect(await settle(() => Promise.reject(said('该课程已约满', '换一节课吧')))).toEqual({
      ok: false,
      code: '40901',
      kind: 'refused',
      msg: '该课程已约满',
    })
    expect(await settle(() => Promise.reject(said('', '换一节课吧')))).toMatchObject({ msg: '换一节课吧' })
    expect(await settle(() => Promise.reject(said('', '')))).not.toHaveProperty('msg')
  })
})

describe('revalidateAfter: the page is not reloaded after a failure on the way', () => {
  test.each([
    [{ ok: false, code: 'network', kind: 'offline' }, false],
    [{ ok: false, code: 'timeout', kind: 'timeout' }, false],
    [{ ok: false, code: '50001', kind: 'unavailable' }, false],
    [{ ok: false, code: '40901', kind: 'refused' }, true],
    [{ ok: true }, true],
    [undefined, true],
  ])('%j: %s', (result, revalidate) => {
    expect(revalidateAfter(result, true)).toBe(revalidate)
  })
})
