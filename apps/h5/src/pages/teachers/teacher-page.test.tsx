// @vitest-environment happy-dom

import { cleanup, screen, within } from '@testing-library/react'
import type { DanceClass, OrgTeacher } from '@xdance/contract'
import { afterEach, describe, expect, it } from 'vitest'
import { renderApp } from '../../testing/app'
import { installFakeBrowser } from '../../testing/fake-browser'
import { danceClass, teacher } from '../../testing/fixtures'
import { testServices } from '../../testing/services'

let browser: ReturnType<typeof installFakeBrowser> | undefined
afterEach(() => {
  cleanup()
  browser?.reset()
})

function openTeacher(who: OrgTeacher, classes: DanceClass[] = [danceClass()]) {
  browser = installFakeBrowser()
  const services = testServices({ answers: { [`GET /teachers/${who.id}`]: { teacher: who, classes } } })
  return { services, ...renderApp(`/teachers/${who.id}`, services) }
}

describe('a teacher’s page', () => {
  it('shows their initials when they have no photo, their styles, bio and upcoming classes', async () => {
    openTeacher(teacher())
    await screen.findByRole('heading', { name: '林夏', level: 1 })
    expect(screen.getByTestId('avatar-initials').textContent).toBe('林')
    expect(screen.queryByTestId('avatar-photo')).toBeNull()
    const styles = within(screen.getByRole('list', { name: '教授舞种' }))
    expect(styles.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['爵士', '韩舞'])
    expect(screen.getByTestId('teacher-bio').textContent).toBe('爵士与韩舞编舞老师。')
    const card = within(screen.getByTestId('class-card'))
    expect(card.getByRole('link', { name: 'Jazz' }).getAttribute('href')).toBe('/classes/7')
    // No link back to the page the customer is on.
    expect(card.queryByRole('link', { name: '林夏' })).toBeNull()
    expect(document.title).toBe('林夏 · xdance 舞蹈')
  })

  it('shows their photo when they have one', async () => {
    openTeacher(teacher({ avatar: 'https://img.example.com/1.jpg' }))
    await screen.findByRole('heading', { name: '林夏', level: 1 })
    expect(screen.getByTestId('avatar-photo').getAttribute('src')).toBe('https://img.example.com/1.jpg')
    expect(screen.queryByTestId('avatar-initials')).toBeNull()
  })

  it('says so when they teach nothing in the next two weeks', async () => {
    openTeacher(teacher(), [])
    expect(await screen.findByText('近两周暂无课程。')).toBeTruthy()
  })

  it('is a missing page for an id that is not one, without asking the gateway', async () => {
    browser = installFakeBrowser()
    const services = testServices()
    renderApp('/teachers/abc', services)
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy()
    expect(services.client.calls).toEqual([])
  })
})

describe('the teachers list', () => {
  it('links every teacher to their page', async () => {
    browser = installFakeBrowser()
    renderApp(
      '/teachers',
      testServices({
        answers: {
          'GET /teachers': { list: [teacher(), teacher({ id: 3, name: 'Marco Li', styles: ['latin'] })] },
        },
      }),
    )
    await screen.findByRole('heading', { name: '我们的老师', level: 1 })
    const links = screen
      .getAllByRole('link')
      .filter((link) => link.getAttribute('href')?.startsWith('/teachers/'))
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['林夏', '/teachers/1'],
      ['Marco Li', '/teachers/3'],
    ])
    expect(screen.getAllByTestId('avatar-initials').map((item) => item.textContent)).toEqual(['林', 'ML'])
  })
})
