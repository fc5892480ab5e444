import { describe, expect, it } from 'vitest'
import { booking, danceClass, membershipCard, notice, order, product, studio, teacher } from './fixtures'

describe('test fixtures follow the contract', () => {
  it.each([
    ['danceClass', danceClass],
    ['membershipCard', membershipCard],
    ['booking', booking],
    ['studio', studio],
    ['teacher', teacher],
    ['product', product],
    ['order', order],
    ['notice', notice],
  ])('%s builds a value the contract accepts', (_, build) => {
    expect(() => build()).not.toThrow()
  })

  it('refuses an override the gateway could never answer', () => {
    expect(() => danceClass({ status: 'sold-out' as never })).toThrow(/refused by the contract/)
    expect(() => order({ status: 'lost' as never })).toThrow(/refused by the contract/)
  })
})
