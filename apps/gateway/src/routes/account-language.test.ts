import type { Booking, Bookings, MembershipCard, MyWaitlist, Notice, Order } from '@xdance/contract'
import { afterEach, describe, expect, test } from 'vitest'
import { noticeTimeEn, yuanEn } from '../services/notices'
import { devGet, devPost, startManualGateway } from '../testing/shop-helpers'
import type { TestGateway } from '../testing/test-gateway'

// The customer's own records (bookings, cards, orders, waitlist places, notices) answer in the language asked
// (`Accept-Language`), as the schedule does: English where the studio wrote English, Chinese where it wrote none.

let gw: TestGateway & { tick(): void }

afterEach(async () => {
  await gw?.close()
})

const PHONE = '13612345678'
const OTHER = '13612345679'
const EN = { 'accept-language': 'en-US,en;q=0.9' }
const ZH = { 'accept-language': 'zh-CN' }
const CJK = /[\u3400-\u9fff\uff00-\uffef\u3000-\u303f]/

async function start() {
  gw = await startManualGateway()
  const auth = await gw.signIn(PHONE)
  const get = async <T>(path: string, headers: Record<string, string>) =>
    (await gw.call<T>('GET', path, { auth, headers })).body.data
  return { auth, get }
}

/** Buys the product at the front desk: the order paid, its card issued. */
async function buy(auth: string, productId: number, headers: Record<string, string> = {}) {
  const order = await gw.call<Order>('POST', '/orders', { auth, headers, body: { productId } })
  await devPost(gw, '/front-desk/pay', { payCode: order.body.data.payCode })
  return order.body.data
}

describe('the customer’s records in the language asked', () => {
  test('bookings: the class’s title and room, and the card’s name, in English; Chinese where none was written', async () => {
    const { auth, get } = await start()
    await devPost(gw, '/cards', { phone: PHONE, credits: 5, name: '五次卡', nameEn: 'Five-class card' })
    const english = await devPost<{ id: number }>(gw, '/classes', {
      title: '爵士入门',
      titleEn: 'Jazz Basics',
      room: 'A 教室',
      roomEn: 'Room A',
    })
    const chinese = await devPost<{ id: number }>(gw, '/classes', {
      startsInMinutes: 48 * 60,
      title: '街舞进阶',
    })
    const booked = await gw.call<Booking>('POST', '/bookings', {
      auth,
      headers: EN,
      body: { classId: english.id },
    })
    expect(booked.body.data.class).toMatchObject({ title: 'Jazz Basics', room: 'Room A' })
    await gw.call('POST', '/bookings', { auth, body: { classId: chinese.id } })

    const en = await get<Bookings>('/bookings', EN)
    expect(en.upcoming.map((b) => [b.class.title, b.class.room, b.cardName])).toEqual([
      ['Jazz Basics', 'Room A', 'Five-class card'],
      ['街舞进阶', 'A 教室', 'Five-class card'],
    ])
    const zh = await get<Bookings>('/bookings', ZH)
    expect(zh.upcoming.map((b) => [b.class.title, b.class.room, b.cardName])).toEqual([
      ['爵士入门', 'A 教室', '五次卡'],
      ['街舞进阶', 'A 教室', '五次卡'],
    ])
    // No header is Chinese, as before.
    expect((await get<Bookings>('/bookings', {})).upcoming[0]?.class.title).toBe('爵士入门')
  })

  test('cards: a card bought in the app carries its product’s English name; a card with none stays Chinese', async () => {
    const { auth, get } = await start()
    await devPost(gw, '/cards', { phone: PHONE, credits: 3, name: '赠送卡' })
    await buy(auth, 2)
    const en = await get<{ list: MembershipCard[] }>('/cards', EN)
    expect(en.list.map((c) => c.name).sort()).toEqual(['10-class card', '赠送卡'])
    const zh = await get<{ list: MembershipCard[] }>('/cards', ZH)
    expect(zh.list.map((c) => c.name).sort()).toEqual(['10 次卡', '赠送卡'].sort())
  })

  test('orders: the product’s name in English (the list, one order, and the order just created); Chinese where none', async () => {
    const { auth, get } = await start()
    const created = await gw.call<Order>('POST', '/orders', { auth, headers: EN, body: { productId: 3 } })
    expect(created.body.data.productName).toBe('20-class card')
    const plain = await devPost<{ id: number }>(gw, '/products', { name: '暑期卡', priceFen: 100 })
    await buy(auth, plain.id)
    const en = await get<{ list: Order[] }>('/orders', EN)
    expect(en.list.map((o) => o.productName)).toEqual(['暑期卡', '20-class card'])
    expect((await get<Order>(`/orders/${created.body.data.id}`, EN)).productName).toBe('20-class card')
    expect((await get<{ list: Order[] }>('/orders', ZH)).list.map((o) => o.productName)).toEqual([
      '暑期卡',
      '20 次卡',
    ])
  })

  test('the waitlist: the classes waited for in English; Chinese where none was written', async () => {
    const { auth, get } = await start()
    await devPost(gw, '/cards', { phone: PHONE, credits: 5 })
    await devPost(gw, '/cards', { phone: OTHER, credits: 5 })
    const other = await gw.signIn(OTHER)
    const english = await devPost<{ id: number }>(gw, '/classes', {
      title: '爵士入门',
      titleEn: 'Jazz Basics',
      capacity: 1,
    })
    const chinese = await devPost<{ id: number }>(gw, '/classes', {
      startsInMinutes: 48 * 60,
      title: '街舞进阶',
      capacity: 1,
    })
    for (const klass of [english, chinese]) {
      await gw.call('POST', '/bookings', { auth: other, body: { classId: klass.id } })
      await gw.call('POST', `/classes/${klass.id}/waitlist`, { auth, body: {} })
    }
    expect((await get<MyWaitlist>('/me/waitlist', EN)).list.map((k) => k.title)).toEqual([
      'Jazz Basics',
      '街舞进阶',
    ])
    expect((await get<MyWaitlist>('/me/waitlist', ZH)).list.map((k) => k.title)).toEqual([
      '爵士入门',
      '街舞进阶',
    ])
  })
})

describe('notices, written in Chinese and English', () => {
  test('the list answers in English: title, body (the class named in English) and the class as it stands', async () => {
    const { auth, get } = await start()
    await devPost(gw, '/cards', { phone: PHONE, credits: 2, name: '两次卡', nameEn: 'Two-class card' })
    const { id } = await devPost<{ id: number }>(gw, '/classes', {
      title: '爵士入门',
      titleEn: 'Jazz Basics',
      room: 'A 教室',
      roomEn: 'Room A',
    })
    const booking = await gw.call<Booking>('POST', '/bookings', { auth, body: { classId: id } })
    await gw.call('POST', `/bookings/${booking.body.data.id}/cancel`, { auth })
    await buy(auth, 2)

    const en = await get<{ list: Notice[] }>('/notices', EN)
    expect(en.list.map((n) => [n.kind, n.title])).toEqual([
      ['order-paid', 'Card bought'],
      ['booking-cancelled', 'Booking cancelled'],
      ['booking-confirmed', 'Booked'],
      ['card-low', '1 class left on your card'],
    ])
    const byKind = (kind: string) => en.list.find((n) => n.kind === kind)
    expect(byKind('booking-confirmed')?.body).toBe(
      'You booked "Jazz Basics" on Jun 3 10:00; 1 class taken from "Two-class card".',
    )
    expect(byKind('booking-cancelled')?.body).toBe(
      'Your booking of "Jazz Basics" on Jun 3 10:00 is cancelled; 1 class returned to "Two-class card".',
    )
    expect(byKind('order-paid')?.body).toMatch(
      /^Order XD\d{8}-\d{6} is paid \(¥880\): 10 classes of "10-class card"/,
    )
    expect(byKind('booking-confirmed')?.class).toMatchObject({ title: 'Jazz Basics', room: 'Room A' })
    for (const notice of en.list) expect(`${notice.title} ${notice.body}`).not.toMatch(CJK)

    const zh = await get<{ list: Notice[] }>('/notices', ZH)
    expect(zh.list.find((n) => n.kind === 'booking-confirmed')).toMatchObject({
      title: '预约成功',
      body: '你已预约「爵士入门」6月3日 10:00，已从「两次卡」扣除 1 次。',
      class: { title: '爵士入门', room: 'A 教室' },
    })
    // Marking one read answers it in the language asked too.
    const read = await gw.call<Notice>('POST', `/notices/${en.list[2]?.id}/read`, { auth, headers: EN })
    expect(read.body.data).toMatchObject({ title: 'Booked', read: true })
  })

  test('a class with no English is named in Chinese inside the English text; the outbox message stays Chinese', async () => {
    const { auth, get } = await start()
    await devPost(gw, '/cards', { phone: PHONE, credits: 5 })
    const { id } = await devPost<{ id: number }>(gw, '/classes', { title: '街舞进阶' })
    await gw.call('POST', '/bookings', { auth, body: { classId: id } })
    await devPost(gw, `/classes/${id}/change`, { room: 'B 教室', roomEn: 'Room B' })
    const en = await get<{ list: Notice[] }>('/notices', EN)
    expect(en.list.map((n) => [n.title, n.body])).toEqual([
      ['Class changed', '"街舞进阶" (was Jun 3 10:00) is now in Room B.'],
      ['Booked', 'You booked "街舞进阶" on Jun 3 10:00; 1 class taken from "5 次卡".'],
    ])
    expect(en.list[0]?.class).toMatchObject({ title: '街舞进阶', room: 'Room B' })
    gw.tick()
    const outbox = await devGet<Array<{ payload: unknown }>>(gw, '/outbox')
    expect(outbox.map((m) => JSON.stringify(m.payload))).toEqual([
      expect.stringContaining('预约成功'),
      expect.stringContaining('课程有变动'),
    ])
  })

  test('a room changed without its English loses the old English (English shows the new Chinese room)', async () => {
    const { auth, get } = await start()
    await devPost(gw, '/cards', { phone: PHONE, credits: 5 })
    const { id } = await devPost<{ id: number }>(gw, '/classes', { room: 'A 教室', roomEn: 'Room A' })
    await gw.call('POST', '/bookings', { auth, body: { classId: id } })
    await devPost(gw, `/classes/${id}/change`, { room: 'C 教室' })
    const en = await get<Bookings>('/bookings', EN)
    expect(en.upcoming[0]?.class.room).toBe('C 教室')
  })
})

describe('how an English notice spells money and time', () => {
  test.each([
    [88000, '¥880'],
    [3990, '¥39.90'],
    [158000, '¥1,580'],
    [1, '¥0.01'],
  ])('%i fen is %s', (fen, text) => {
    expect(yuanEn(fen)).toBe(text)
  })

  test.each([
    ['2025-06-03T10:00:00+08:00', 'Jun 3 10:00'],
    // Studio time, whatever the server's zone: 16:30 UTC is half past midnight the next day in the studio.
    ['2025-12-31T16:30:00Z', 'Jan 1 00:30'],
  ])('%s is %s', (iso, text) => {
    expect(noticeTimeEn(Date.parse(iso))).toBe(text)
  })
})
