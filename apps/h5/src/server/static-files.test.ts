import { describe, expect, it } from 'vitest'
import { fileOf, mimeType, rawPath } from './static-files'

describe('rawPath: the path of a request’s URL as sent', () => {
  it.each([
    ['http://h5.example', '/'],
    ['http://h5.example/', '/'],
    ['http://h5.example/classes/7?x=1#top', '/classes/7'],
    ['http://h5.example/assets/%2e%2e/x.js', '/assets/%2e%2e/x.js'],
    ['http://h5.example:8080/dance-gateway/org', '/dance-gateway/org'],
  ])('%s: %s', (url, path) => {
    expect(rawPath(url)).toBe(path)
  })
})

describe('fileOf: a path inside the build, or nothing', () => {
  it.each([
    ['/assets/a.js', '/srv/dist/assets/a.js'],
    ['/', '/srv/dist'],
    ['/%E4%B8%AD.png', '/srv/dist/中.png'],
    ['/../secret', undefined],
    ['/%2e%2e/secret', undefined],
    ['/assets/..%2f..%2fsecret', undefined],
    ['/.env', undefined],
    ['/%2eenv', undefined],
    ['/a%5cb', undefined],
    ['/a%00.js', undefined],
    ['/%E0%A4%A', undefined],
  ])('%s: %s', (path, file) => {
    expect(fileOf('/srv/dist', path)).toBe(file)
  })
})

describe('mimeType', () => {
  it.each([
    ['/assets/index-a1b2.js', 'text/javascript; charset=utf-8'],
    ['/INDEX.HTML', 'text/html; charset=utf-8'],
    ['/manifest.webmanifest', 'application/manifest+json'],
    ['/font.woff2', 'font/woff2'],
    ['/archive.tar', 'application/octet-stream'],
    ['/no-extension', 'application/octet-stream'],
  ])('%s: %s', (path, type) => {
    expect(mimeType(path)).toBe(type)
  })
})
