import { describe, expect, it } from 'vitest'
import { initials } from './initials'
import { mapHref, telHref } from './studio-links'

describe('telHref', () => {
  it.each([
    ['021-6288 0000', 'tel:02162880000'],
    ['+86 138 0013 8000', 'tel:+8613800138000'],
    ['(021) 6288-0000', 'tel:02162880000'],
  ])('%s calls %s', (phone, href) => {
    expect(telHref(phone)).toBe(href)
  })
})

describe('mapHref', () => {
  it('searches Amap for the address, encoded', () => {
    const href = new URL(mapHref('上海市静安区南京西路 1266 号 5 楼 & 2F'))
    expect(href.origin + href.pathname).toBe('https://uri.amap.com/search')
    expect(href.searchParams.get('keyword')).toBe('上海市静安区南京西路 1266 号 5 楼 & 2F')
  })
})

describe('initials', () => {
  it.each([
    ['林夏', '林'],
    ['Marco Li', 'ML'],
    ['anna maria lee', 'AM'],
    ['marco', 'M'],
    ['  白露 ', '白'],
    ['', ''],
  ])('%j is shown as %j', (name, shown) => {
    expect(initials(name)).toBe(shown)
  })
})
