// @vitest-environment happy-dom

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { Member } from '@xdance/contract'
import { afterEach, describe, expect, it } from 'vitest'
import { renderApp } from '../../testing/app'
import { installFakeBrowser } from '../../testing/fake-browser'
import { member } from '../../testing/fixtures'
import { testServices } from '../../testing/services'
import { readMemberForm } from './members-data'

let browser: ReturnType<typeof installFakeBrowser> | undefined
afterEach(() => {
  cleanup()
  browser?.reset()
})

const child = member({ id: 2, name: '小米', birthYear: 2020, self: false })

function open(list: Member[] = [member(), child]) {
  browser = installFakeBrowser({ 'xdance-head': 'Bearer%20', 'xdance-token': 'tok' })
  let family = list
  const services = testServices({
    answers: {
      'GET /me/members': () => ({ list: family }),
      'POST /me/members': (body: { name: string; birthYear: number | null }) => {
        const added = member({ id: 3, self: false, ...body })
        family = [...family, added]
        return added
      },
      'POST /me/members/2/remove': () => {
        family = family.filter((item) => item.id !== 2)
        return { list: family }
      },
    },
  })
  return { services, ...renderApp('/me/members', services) }
}

describe('家庭成员', () => {
  it('lists the customer first, then the children with their birth year', async () => {
    open()
    const items = await screen.findAllByTestId('member')
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('小舞本人'),
      expect.stringContaining('小米'),
    ])
    expect(within(items[1] as HTMLElement).getByText('2020 年出生')).toBeTruthy()
    // The customer themself cannot be removed.
    expect(within(items[0] as HTMLElement).queryByRole('button', { name: '移除' })).toBeNull()
  })

  it('adds a member with a birth year; the list shows them', async () => {
    const { services } = open()
    fireEvent.click(await screen.findByTestId('add-member'))
    fireEvent.change(screen.getByLabelText('姓名'), { target: { value: ' 小豆 ' } })
    fireEvent.change(screen.getByLabelText('出生年份（选填）'), { target: { value: '2018' } })
    fireEvent.click(screen.getByRole('button', { name: '保存' }))
    await waitFor(() => expect(screen.getAllByTestId('member')).toHaveLength(3))
    expect(services.client.calls).toContain('POST /me/members {"name":"小豆","birthYear":2018}')
  })

  it('says what is wrong with a birth year before sending anything', async () => {
    const { services } = open()
    fireEvent.click(await screen.findByTestId('add-member'))
    fireEvent.change(screen.getByLabelText('姓名'), { target: { value: '小豆' } })
    fireEvent.change(screen.getByLabelText('出生年份（选填）'), { target: { value: '20xx' } })
    fireEvent.click(screen.getByRole('button', { name: '保存' }))
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', '请填写正确的四位出生年份')
    expect(services.client.calls.filter((call) => call.startsWith('POST'))).toEqual([])
  })

  it('removes a member with nothing booked; one with classes to come cannot be removed', async () => {
    const { services } = open([
      member(),
      child,
      member({ id: 4, name: '小豆', self: false, upcomingBookings: 1 }),
    ])
    const items = await screen.findAllByTestId('member')
    expect(within(items[2] as HTMLElement).getByRole('button', { name: '移除' })).toHaveProperty(
      'disabled',
      true,
    )
    fireEvent.click(within(items[1] as HTMLElement).getByRole('button', { name: '移除' }))
    await waitFor(() => expect(screen.getAllByTestId('member')).toHaveLength(2))
    expect(services.client.calls).toContain('POST /me/members/2/remove')
  })
})

describe('readMemberForm', () => {
  const form = (name: string, birthYear: string) => {
    const data = new FormData()
    data.set('name', name)
    data.set('birthYear', birthYear)
    return data
  }
  it.each([
    [form('小米', '2020'), { name: '小米', birthYear: 2020 }],
    [form(' 小米 ', ''), { name: '小米', birthYear: null }],
    [form('', '2020'), 'members.nameInvalid'],
    [form('一'.repeat(21), ''), 'members.nameInvalid'],
    [form('小米', '1899'), 'members.birthYearInvalid'],
    [form('小米', '2026'), 'members.birthYearInvalid'],
    [form('小米', '20.5'), 'members.birthYearInvalid'],
  ])('%#: reads or refuses', (data, expected) => {
    expect(readMemberForm(data, 2025)).toEqual(expected)
  })
})
