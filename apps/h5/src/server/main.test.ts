import { describe, expect, it } from 'vitest'
import { readAppServerEnv } from './main'

describe('readAppServerEnv: the app server’s command line', () => {
  it('defaults: 8080 on 127.0.0.1, the gateway at 127.0.0.1:8081, /dance-gateway, the build beside it', () => {
    expect(readAppServerEnv({})).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      gatewayOrigin: 'http://127.0.0.1:8081',
      prefix: '/dance-gateway',
      dist: expect.stringMatching(/dist$/),
    })
  })

  it('reads what is set', () => {
    expect(
      readAppServerEnv({
        PORT: '9000',
        HOST: '0.0.0.0',
        GATEWAY_ORIGIN: 'http://10.0.0.5:8081/',
        GATEWAY_PREFIX: '/gw',
        APP_DIST: '/srv/h5/dist',
      }),
    ).toEqual({
      port: 9000,
      host: '0.0.0.0',
      gatewayOrigin: 'http://10.0.0.5:8081',
      prefix: '/gw',
      dist: '/srv/h5/dist',
    })
  })

  it.each([
    [{ PORT: 'eighty' }, /PORT must be a number/],
    [{ PORT: '70000' }, /PORT must be a number/],
    [{ GATEWAY_ORIGIN: 'gateway:8081' }, /GATEWAY_ORIGIN must be an http origin/],
    [{ GATEWAY_ORIGIN: 'http://10.0.0.5:8081/dance-gateway' }, /no path/],
    [{ GATEWAY_ORIGIN: 'not a url' }, /GATEWAY_ORIGIN must be an http origin/],
    [{ GATEWAY_PREFIX: 'gw/' }, /GATEWAY_PREFIX must look like \/dance-gateway/],
  ])('%j is refused with a clear message', (env, message) => {
    expect(() => readAppServerEnv(env)).toThrow(message)
  })
})
