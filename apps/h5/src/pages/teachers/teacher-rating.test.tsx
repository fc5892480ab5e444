// @vitest-environment happy-dom

import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderApp } from '../../testing/app'
import { installFakeBrowser } from '../../testing/fake-browser'
import { teacher } from '../../testing/fixtures'
import { testServices } from '../../testing/services'

let browser: ReturnType<typeof installFakeBrowser> | undefined
afterEach(() => {
  cleanup()
  browser?.reset()
})

function open(ratings: unknown) {
  browser = installFakeBrowser()
  const services = testServices({
    answers: {
      'GET /teachers/1': { teacher: teacher(), classes: [] },
      'GET /teachers/1/ratings': ratings,
    },
  })
  return renderApp('/teachers/1', services)
}

describe('a teacher’s ratings on their page', () => {
  it('shows the average, the count and the newest comments', async () => {
    open({
      teacherId: 1,
      count: 3,
      average: 4.3,
      comments: [{ stars: 5, comment: '讲得很细', classTitle: 'Jazz', ratedAt: '2025-06-02T21:00:00+08:00' }],
    })
    expect(await screen.findByTestId('teacher-rating')).toHaveProperty(
      'textContent',
      expect.stringContaining('4.3 分 · 3 条评价'),
    )
    expect(screen.getByText('讲得很细')).toBeTruthy()
  })

  it('shows nothing before the third rating (no lone rating), and the page shows without them when unreadable', async () => {
    open({ teacherId: 1, count: 2, average: null, comments: [] })
    await screen.findByRole('heading', { level: 1 })
    expect(screen.queryByTestId('teacher-rating')).toBeNull()
    cleanup()
    open(() => {
      throw new Error('down')
    })
    await screen.findByRole('heading', { level: 1 })
    expect(screen.queryByTestId('teacher-rating')).toBeNull()
  })
})
