import { describe, expect, test } from 'vitest'
import { articleCard, buildCard, classCard, homeCard, pageCard, sharedLink, shareImage } from './share-card'

const O = 'https://h5.example.com'

describe('sharedLink: the reader is the sharer, never the one they arrived with', () => {
  test.each([
    ['signed in: the reader', '/classes/7', {}, 'u9', `${O}/classes/7?sharer=u9`],
    ['signed out: no sharer', '/classes/7', {}, undefined, `${O}/classes/7`],
    [
      'the incoming sharer is replaced by the reader',
      '/marketing/article',
      { id: '3', sharer: 'u1' },
      'u9',
      `${O}/marketing/article?id=3&sharer=u9`,
    ],
    [
      'the incoming sharer is dropped when signed out',
      '/marketing/article',
      { id: '3', sharer: 'u1' },
      undefined,
      `${O}/marketing/article?id=3`,
    ],
    ['an empty reader id counts as signed out', '/', {}, '', `${O}/`],
  ])('%s', (_name, path, query, reader, expected) => {
    expect(sharedLink(O, path, query, reader)).toBe(expected)
  })
})

describe('shareImage', () => {
  test.each([
    ['an absolute cover', ['https://cdn.test/c.jpg', 'https://cdn.test/logo.png'], 'https://cdn.test/c.jpg'],
    ['no cover: the logo', ['', 'https://cdn.test/logo.png'], 'https://cdn.test/logo.png'],
    ['a same-origin path made absolute', ['/covers/1.jpg'], `${O}/covers/1.jpg`],
    [
      'nothing usable: the app icon',
      ['', 'javascript:1', '//evil.test/x.png', 'cover.jpg'],
      `${O}/share-icon.png`,
    ],
  ])('%s', (_name, candidates, expected) => {
    expect(shareImage(O, candidates)).toBe(expected)
  })
})

describe('the cards', () => {
  test('a filtered schedule: its filters in the link, with the reader', () => {
    expect(
      pageCard(
        O,
        {
          title: '课表',
          desc: '未来两周共 3 节课',
          path: '/schedule',
          query: { level: 'beginner', time: 'evening' },
          image: '',
        },
        'u9',
      ),
    ).toEqual({
      title: '课表',
      desc: '未来两周共 3 节课',
      link: `${O}/schedule?level=beginner&time=evening&sharer=u9`,
      imgUrl: `${O}/share-icon.png`,
    })
  })

  test('a teacher: name, bio and avatar', () => {
    const card = buildCard(
      { kind: 'page', title: '林夏', desc: 'Jazz', path: '/teachers/1', query: {}, image: '/avatars/1.png' },
      O,
      undefined,
    )
    expect(card).toEqual({
      title: '林夏',
      desc: 'Jazz',
      link: `${O}/teachers/1`,
      imgUrl: `${O}/avatars/1.png`,
    })
  })

  test('an article: title, summary, link with the reader, cover', () => {
    const card = articleCard(
      O,
      { id: 12, title: 'Jazz', summary: 'Why  jazz\nmatters', cover: '', content: 'x' },
      '',
      'u9',
    )
    expect(card).toEqual({
      title: 'Jazz',
      desc: 'Why jazz matters',
      link: `${O}/marketing/article?id=12&sharer=u9`,
      imgUrl: `${O}/share-icon.png`,
    })
  })

  test('an article without a summary: the start of its text, clipped', () => {
    const card = articleCard(
      O,
      { id: 1, title: 'T', summary: '', cover: '', content: 'a'.repeat(100) },
      '',
      undefined,
    )
    expect(card.desc).toBe(`${'a'.repeat(59)}…`)
    expect(card.link).toBe(`${O}/marketing/article?id=1`)
  })

  test('a class and the home page', () => {
    expect(
      classCard(O, { id: 7, title: 'Hip-hop' }, 'Mon 19:00 · Mia', 'https://cdn.test/l.png', 'u2'),
    ).toEqual({
      title: 'Hip-hop',
      desc: 'Mon 19:00 · Mia',
      link: `${O}/classes/7?sharer=u2`,
      imgUrl: 'https://cdn.test/l.png',
    })
    expect(homeCard(O, { name: 'xdance', intro: 'Dance with us', logo: '' }, undefined)).toEqual({
      title: 'xdance',
      desc: 'Dance with us',
      link: `${O}/`,
      imgUrl: `${O}/share-icon.png`,
    })
  })
})
