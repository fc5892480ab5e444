import { describe, expect, it } from 'vitest'
import { danceClass, membershipCard } from '../testing/fixtures'
import { usableCards } from './class/class-data'
import { splitHomeClasses } from './home/home-data'

const klass = danceClass

describe('splitHomeClasses', () => {
  it("keeps today's classes that have not ended, and the next open ones after today", () => {
    const classes = [
      klass({ id: 1, status: 'ended' }),
      klass({ id: 2, status: 'started' }),
      klass({ id: 3, status: 'full' }),
      klass({ id: 4, date: '2025-06-02', status: 'full' }),
      klass({ id: 5, date: '2025-06-02' }),
      klass({ id: 6, date: '2025-06-03' }),
      klass({ id: 7, date: '2025-06-04' }),
      klass({ id: 8, date: '2025-06-05' }),
    ]
    const { today, upcoming } = splitHomeClasses(classes, '2025-06-01')
    expect(today.map((item) => item.id)).toEqual([2, 3])
    expect(upcoming.map((item) => item.id)).toEqual([5, 6, 7])
  })
})

describe('usableCards', () => {
  const card = membershipCard

  it.each([
    ['an active card with credits', card({}), true],
    ['an expired card', card({ status: 'expired' }), false],
    ['a used-up card', card({ status: 'used-up', creditsLeft: 0 }), false],
    ['a card not started yet', card({ status: 'not-started' }), false],
    ['a card that ends before the class starts', card({ validUntil: '2025-06-01T18:00:00+08:00' }), false],
    ['a card with fewer credits than the class costs', card({ creditsLeft: 1 }), false],
  ])('%s can pay: %s', (_name, candidate, usable) => {
    const item = klass({ credits: 2 })
    expect(usableCards([candidate], item)).toHaveLength(usable ? 1 : 0)
  })
})
