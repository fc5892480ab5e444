import { expect, test } from 'vitest'
import { isLoopback, urlHost } from './loopback'

test.each([
  ['127.0.0.1', true],
  ['127.255.10.3', true],
  ['localhost', true],
  ['LOCALHOST', true],
  ['::1', true],
  ['[::1]', true],
  ['0:0:0:0:0:0:0:1', true],
  ['::ffff:127.0.0.1', true],
  ['0.0.0.0', false],
  ['::', false],
  ['192.168.1.20', false],
  ['128.0.0.1', false],
  ['::2', false],
  ['evil.example', false],
  ['127.0.0.1.evil.example', false],
])('%s is loopback: %s', (host, expected) => {
  expect(isLoopback(host)).toBe(expected)
})

test.each([
  ['127.0.0.1', '127.0.0.1'],
  ['::1', '[::1]'],
  ['::', '[::]'],
])('%s goes in a URL as %s', (address, expected) => {
  expect(urlHost(address)).toBe(expected)
})
