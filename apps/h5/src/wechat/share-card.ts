import { ARTICLE_PATH } from '@xdance/contract'

/** A WeChat share card: what `wx.updateAppMessageShareData` and `wx.updateTimelineShareData` take. */
export interface ShareCard {
  title: string
  desc: string
  /** The page shared, with the current reader as `sharer` when signed in. */
  link: string
  /** An absolute http(s) image address. */
  imgUrl: string
}

/** The image of a card whose page has none: the app's own icon. */
export const DEFAULT_SHARE_IMAGE = '/share-icon.png'

/**
 * The address a reader shares: `path` on `origin` with `query`, and `sharer` set to the reader's userId when signed
 * in (a signed-out reader shares without one). The sharer the reader arrived with is never passed on: each
 * forward credits whoever forwarded it.
 *
 * @example
 * sharedLink('https://h5.example.com', '/classes/7', {}, 'u9') // 'https://h5.example.com/classes/7?sharer=u9'
 */
export function sharedLink(
  origin: string,
  path: string,
  query: Readonly<Record<string, string>>,
  readerId: string | undefined,
): string {
  const { sharer: _incoming, ...rest } = query
  const search = new URLSearchParams(readerId ? { ...rest, sharer: readerId } : rest).toString()
  return `${origin}${path}${search ? `?${search}` : ''}`
}

/**
 * An image address for a card: `candidates` in order, the first that is an absolute http(s) address or a
 * same-origin path (made absolute), else the app's icon.
 *
 * @example
 * shareImage('https://h5.example.com', ['', '/covers/1.jpg']) // 'https://h5.example.com/covers/1.jpg'
 */
export function shareImage(origin: string, candidates: readonly string[]): string {
  for (const candidate of candidates) {
    if (/^https?:\/\/[^\s/]+/i.test(candidate)) return candidate
    if (/^\/(?![/\\])\S+$/.test(candidate)) return `${origin}${candidate}`
  }
  return `${origin}${DEFAULT_SHARE_IMAGE}`
}

const clip = (text: string, max = 60) => {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat
}

/**
 * The card of an article: its title, its summary (or the start of its text), its cover (or the studio's logo).
 *
 * @example
 * articleCard('https://h5.example.com', { id: 12, title: 'Jazz', summary: 'Why jazz', cover: '', content: '' }, '', 'u9').link
 * // 'https://h5.example.com/marketing/article?id=12&sharer=u9'
 */
export function articleCard(
  origin: string,
  article: { id: number; title: string; summary: string; cover: string; content: string },
  logo: string,
  readerId: string | undefined,
): ShareCard {
  return {
    title: article.title,
    desc: clip(article.summary || article.content),
    link: sharedLink(origin, ARTICLE_PATH, { id: String(article.id) }, readerId),
    imgUrl: shareImage(origin, [article.cover, logo]),
  }
}

/**
 * The card of a class: its title, when and with whom (`desc` as the page words it), the studio's logo.
 *
 * @example
 * classCard('https://h5.example.com', { id: 7, title: 'Jazz' }, '周一 19:00 · Mia · 虹口店', '', undefined).link
 * // 'https://h5.example.com/classes/7'
 */
export function classCard(
  origin: string,
  item: { id: number; title: string },
  desc: string,
  logo: string,
  readerId: string | undefined,
): ShareCard {
  return {
    title: item.title,
    desc: clip(desc),
    link: sharedLink(origin, `/classes/${item.id}`, {}, readerId),
    imgUrl: shareImage(origin, [logo]),
  }
}

/**
 * The card of the home page: the studio's name and introduction, its logo.
 *
 * @example
 * homeCard('https://h5.example.com', { name: 'xdance', intro: 'Dance', logo: '' }, 'u9').link
 * // 'https://h5.example.com/?sharer=u9'
 */
export function homeCard(
  origin: string,
  org: { name: string; intro: string; logo: string },
  readerId: string | undefined,
): ShareCard {
  return {
    title: org.name,
    desc: clip(org.intro),
    link: sharedLink(origin, '/', {}, readerId),
    imgUrl: shareImage(origin, [org.logo]),
  }
}

/**
 * The card of any other page: a title, a description, the page's path and query (the schedule's filters, say) and
 * an image (a teacher's avatar), or the app's icon.
 *
 * @example
 * pageCard('https://h5.example.com', { title: '课表', desc: '晚上 · 零基础', path: '/schedule', query: { time: 'evening' }, image: '' }, undefined).link
 * // 'https://h5.example.com/schedule?time=evening'
 */
export function pageCard(
  origin: string,
  page: { title: string; desc: string; path: string; query: Readonly<Record<string, string>>; image: string },
  readerId: string | undefined,
): ShareCard {
  return {
    title: page.title,
    desc: clip(page.desc),
    link: sharedLink(origin, page.path, page.query, readerId),
    imgUrl: shareImage(origin, [page.image]),
  }
}

/**
 * What a page says about its card; the card itself is built in the WeChat chunk ({@link buildCard}), so that the
 * first screen carries no card code.
 *
 * @example
 * const spec: ShareSpec = { kind: 'home', org }
 */
export type ShareSpec =
  | { kind: 'article'; article: Parameters<typeof articleCard>[1] }
  | { kind: 'class'; item: { id: number; title: string }; desc: string; logo: string }
  | { kind: 'home'; org: Parameters<typeof homeCard>[1] }
  | ({ kind: 'page' } & Parameters<typeof pageCard>[1])

/**
 * The card of a page's spec, for the reader (their userId, or nobody).
 *
 * @example
 * buildCard({ kind: 'class', item: { id: 7, title: 'Jazz' }, desc: 'Mon 19:00', logo: '' }, 'https://h5.example.com', 'u9').link
 * // 'https://h5.example.com/classes/7?sharer=u9'
 */
export function buildCard(spec: ShareSpec, origin: string, readerId: string | undefined): ShareCard {
  if (spec.kind === 'article') return articleCard(origin, spec.article, '', readerId)
  if (spec.kind === 'class') return classCard(origin, spec.item, spec.desc, spec.logo, readerId)
  if (spec.kind === 'page') return pageCard(origin, spec, readerId)
  return homeCard(origin, spec.org, readerId)
}
