import { endpointMethod, endpointPath, studioDate, TERMS_VERSION, VISIT_REPORT_PATH } from '@xdance/contract'
import {
  devClientErrorSchema,
  devOutboxSchema,
  devReportSchema,
  devSmsSchema,
  devTraceSchema,
  ENDPOINTS,
  type EndpointName,
  envelopeSchema,
} from '@xdance/contract/schemas'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DEMO_PAY_SETTINGS } from '../parties/wechat-pay/pay-settings'
import { startTestGateway, type TestGateway } from '../testing/test-gateway'
import { demoAuthorize } from '../testing/wechat-helpers'

// Every call of the contract, answered by a real gateway with demo data, parses with the schema of its answer.
// Each endpoint has a case here; a new endpoint without one fails the coverage check below.

const PHONE = '13800138000'
let gw: TestGateway
let auth: string

interface Case {
  /** Path parameters and query, filled in when the call is made. */
  params?: () => Promise<Record<string, string | number>> | Record<string, string | number>
  query?: string
  body?: () => Promise<unknown> | unknown
  /** A body sent as is, with its headers (a signed notification). */
  raw?: () => Promise<{ raw: string; headers: Record<string, string> }>
  /** Sign in fresh (the call ends the sign-in). */
  ownSignIn?: boolean
}

const firstOpenClass = async (): Promise<number> => {
  const week = await gw.call<{ list: Array<{ id: number; status: string; myBookingId: number | null }> }>(
    'GET',
    '/classes',
    { auth },
  )
  const open = week.body.data.list.find((c) => c.status === 'open' && c.myBookingId === null)
  if (!open) throw new Error('no open class in the demo week')
  return open.id
}

const newMember = async (): Promise<number> => {
  const res = await gw.call<{ id: number }>('POST', '/me/members', {
    auth,
    body: { name: '小豆', birthYear: 2020 },
  })
  return res.body.data.id
}

/** A booking of a class that started a minute after booking and ended a minute later, the member checked in. */
const attendedBooking = async (): Promise<number> => {
  const res = await fetch(`${gw.apiUrl}/__dev/classes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ startsInMinutes: 1, durationMinutes: 1 }),
  })
  const classId = ((await res.json()) as { id: number }).id
  const booked = await gw.call<{ id: number }>('POST', '/bookings', { auth, body: { classId } })
  gw.clock.advance(3 * 60_000)
  await fetch(`${gw.apiUrl}/__dev/bookings/${booked.body.data.id}/attendance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ attended: true }),
  })
  return booked.body.data.id
}

/** A booking of a class starting in ten minutes: its check-in is open. */
const bookingOpenForCheckIn = async (): Promise<number> => {
  const res = await fetch(`${gw.apiUrl}/__dev/classes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ startsInMinutes: 10 }),
  })
  const classId = ((await res.json()) as { id: number }).id
  const booked = await gw.call<{ id: number }>('POST', '/bookings', { auth, body: { classId } })
  return booked.body.data.id
}

const fullClass = async (): Promise<number> => {
  const res = await fetch(`${gw.apiUrl}/__dev/classes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ capacity: 1, booked: 1 }),
  })
  return ((await res.json()) as { id: number }).id
}

const newOrder = async (): Promise<{ id: number; orderNo: string; amountFen: number }> => {
  const res = await gw.call<{ id: number; orderNo: string; amountFen: number }>('POST', '/orders', {
    auth,
    body: { productId: 2 },
  })
  return res.body.data
}

const CASES: Record<EndpointName, Case> = {
  'POST /auth/sms': { body: () => ({ phone: '13912340000', consent: TERMS_VERSION }) },
  'POST /auth/login': {
    body: async () => {
      await gw.call('POST', '/auth/sms', { body: { phone: '13912340001', consent: TERMS_VERSION } })
      const sms = v.parse(
        devSmsSchema,
        await (await fetch(`${gw.apiUrl}/__dev/sms?phone=13912340001`)).json(),
      )
      return { phone: '13912340001', code: sms.code }
    },
  },
  'POST /auth/logout': { ownSignIn: true },
  'GET /me': {},
  'POST /me/profile': { body: () => ({ nickname: '新名字' }) },
  'GET /me/members': {},
  'GET /me/invitations': {},
  'POST /me/members': { body: () => ({ name: '小米', birthYear: 2019 }) },
  'POST /me/members/:id': {
    params: async () => ({ id: await newMember() }),
    body: () => ({ name: '小米粒', birthYear: 2018 }),
  },
  'POST /me/members/:id/remove': { params: async () => ({ id: await newMember() }) },
  'GET /org': {},
  'GET /classes': { query: `?from=${studioDate(Date.parse('2025-06-02T10:00:00+08:00'))}` },
  'GET /classes/:id': { params: async () => ({ id: await firstOpenClass() }) },
  'POST /bookings': { body: async () => ({ classId: await firstOpenClass() }) },
  'GET /bookings': {},
  'POST /bookings/:id/cancel': {
    params: async () => {
      const booked = await gw.call<{ id: number }>('POST', '/bookings', {
        auth,
        body: { classId: await firstOpenClass() },
      })
      return { id: booked.body.data.id }
    },
  },
  'POST /bookings/:id/rating': {
    params: async () => ({ id: await attendedBooking() }),
    body: () => ({ stars: 5, comment: '节奏很好' }),
  },
  'POST /bookings/:id/rating/dismiss': { params: async () => ({ id: await attendedBooking() }) },
  'GET /teachers/:id/ratings': { params: () => ({ id: 1 }) },
  'POST /teachers/:id/follow': { params: () => ({ id: 2 }) },
  'POST /teachers/:id/unfollow': { params: () => ({ id: 3 }) },
  'GET /me/teachers': {},
  'GET /bookings/:id/check-in': { params: async () => ({ id: await bookingOpenForCheckIn() }) },
  'POST /check-in/door': {
    body: async () => {
      await bookingOpenForCheckIn()
      const door = await (await fetch(`${gw.apiUrl}/__dev/front-desk/door`)).json()
      return { door: (door as { door: string }).door }
    },
  },
  'GET /cards': {},
  'GET /cards/:id/uses': {
    params: async () => {
      const cards = await gw.call<{ list: { id: number }[] }>('GET', '/cards', { auth })
      return { id: cards.body.data.list[0]?.id ?? 0 }
    },
  },
  'GET /articles': { query: '?page=1&pageSize=2' },
  'GET /articles/:id': { params: () => ({ id: 1 }) },
  'GET /teachers': {},
  'GET /teachers/:id': { params: () => ({ id: 1 }) },
  'POST /elephant/boss/trace/mark': {
    body: () => ({ path: '/', endpoint: 'h5', traceType: 'page', extra: '' }),
  },
  'POST /classes/:id/waitlist': { params: async () => ({ id: await fullClass() }), body: () => ({}) },
  'POST /classes/:id/waitlist/leave': {
    params: async () => {
      const id = await fullClass()
      await gw.call('POST', `/classes/${id}/waitlist`, { auth, body: {} })
      return { id }
    },
  },
  'GET /me/waitlist': {},
  'GET /products': {},
  'POST /orders': { body: () => ({ productId: 2 }) },
  'GET /orders': {},
  'GET /orders/:id': { params: async () => ({ id: (await newOrder()).id }) },
  'POST /orders/:id/cancel': { params: async () => ({ id: (await newOrder()).id }) },
  'POST /orders/:id/wechat-pay': { params: async () => ({ id: (await newOrder()).id }) },
  'POST /orders/:id/wechat-pay/h5': { params: async () => ({ id: (await newOrder()).id }) },
  'POST /orders/:id/wechat-pay/native': { params: async () => ({ id: (await newOrder()).id }) },
  'POST /pay/notify': {
    raw: async () => {
      const order = await newOrder()
      const note = gw.emulators?.payPlatform?.pay(DEMO_PAY_SETTINGS, gw.clock.now().getTime(), order)
      if (!note) throw new Error('demo mode has an emulated pay platform')
      return { raw: note.body, headers: note.headers }
    },
  },
  'GET /notices': {},
  'POST /notices/:id/read': {
    params: async () => {
      await gw.call('POST', '/bookings', { auth, body: { classId: await firstOpenClass() } })
      const notices = await gw.call<{ list: Array<{ id: number }> }>('GET', '/notices', { auth })
      return { id: notices.body.data.list[0]?.id ?? 0 }
    },
  },
  'POST /notices/read-all': {},
  'POST /wechat/oauth': { body: async () => ({ code: (await demoAuthorize(gw)).code }) },
  'POST /wechat/js-config': { body: () => ({ url: `${gw.url}/marketing/article?id=1#top` }) },
  'POST /client-errors': {
    body: () => ({ message: 'TypeError: x is undefined', stack: 'at f (app.js:1:1)', route: '/schedule' }),
  },
  'GET /actions/:key': {
    params: async () => {
      await gw.call('POST', '/orders', {
        auth,
        body: { productId: 2 },
        headers: { 'idempotency-key': 'conformance-1' },
      })
      return { key: 'conformance-1' }
    },
  },
  'GET /client-settings': {},
  'GET /report/behavior/report': { query: '?actionType=visit&uuid=conformance' },
  'POST /report/behavior/report': {
    query: '?uuid=conformance',
    raw: async () => ({ raw: 'beacon', headers: { 'content-type': 'text/plain' } }),
  },
}

beforeAll(async () => {
  gw = await startTestGateway()
  auth = await gw.signIn(PHONE)
})

afterAll(async () => {
  await gw?.close()
})

test('every endpoint of the contract has a conformance case', () => {
  expect(Object.keys(CASES).sort()).toEqual(Object.keys(ENDPOINTS).sort())
})

const calls = (Object.keys(ENDPOINTS) as EndpointName[]).flatMap((name) => {
  const level = ENDPOINTS[name].auth
  const as: Array<'signed in' | 'signed out'> =
    level === 'required' ? ['signed in'] : level === 'optional' ? ['signed in', 'signed out'] : ['signed out']
  return as.map((who) => [name, who] as const)
})

describe('answers parse with the contract', () => {
  test.each(calls)('%s, %s', async (name, who) => {
    const endpoint = ENDPOINTS[name]
    const spec = CASES[name]
    const params = await spec.params?.()
    const path = `${endpointPath(name, params)}${spec.query ?? ''}`
    const headerAuth =
      who === 'signed in' ? (spec.ownSignIn ? await gw.signIn('13912340002') : auth) : undefined
    const body = spec.body ? await spec.body() : undefined
    const raw = await spec.raw?.()
    const res = await gw.call(endpointMethod(name), path, {
      ...(headerAuth === undefined ? {} : { auth: headerAuth }),
      ...(body === undefined ? {} : { body }),
      ...(raw === undefined ? {} : raw),
    })
    if (name.endsWith(VISIT_REPORT_PATH)) {
      // A pixel or a beacon: nothing for a client to read.
      expect(res.status).toBe(name.startsWith('GET') ? 200 : 204)
      return
    }
    if ('envelope' in endpoint) {
      // Answered in the provider's own format, not the envelope.
      expect(res.status).toBe(200)
      expect(v.parse(endpoint.answer, res.body)).toEqual({ code: 'SUCCESS', message: '成功' })
      return
    }
    // Signing out with no sign-in is refused; every other case succeeds.
    if (name === 'POST /auth/logout' && who === 'signed out') {
      expect(res.body.code).toBe(401)
      return
    }
    expect(res.body.code, JSON.stringify(res.body)).toBe(200)
    const parsed = v.safeParse(envelopeSchema(endpoint.answer), res.body)
    expect(parsed.issues?.map((issue) => `${v.getDotPath(issue)}: ${issue.message}`) ?? []).toEqual([])
  })
})

describe('the dev API answers parse with the contract', () => {
  test('the outbox', async () => {
    const outbox = await (await fetch(`${gw.apiUrl}/__dev/outbox`)).json()
    expect(v.parse(v.array(devOutboxSchema), outbox).length).toBeGreaterThanOrEqual(1)
  })

  test('reports, traces and sms', async () => {
    await fetch(`${gw.apiUrl}/report/behavior/report?actionType=visit&uuid=u1`)
    await fetch(`${gw.apiUrl}/report/behavior/report?uuid=u2`, { method: 'POST', body: 'beacon' })
    await gw.call('POST', '/elephant/boss/trace/mark', { body: { path: '/conformance' } })
    const reports = await (await fetch(`${gw.apiUrl}/__dev/reports`)).json()
    const traces = await (await fetch(`${gw.apiUrl}/__dev/traces`)).json()
    const sms = await (await fetch(`${gw.apiUrl}/__dev/sms?phone=${PHONE}`)).json()
    expect(v.parse(v.array(devReportSchema), reports).length).toBeGreaterThanOrEqual(2)
    expect(v.parse(v.array(devTraceSchema), traces).length).toBeGreaterThanOrEqual(1)
    expect(v.parse(devSmsSchema, sms).phone).toBe(PHONE)
  })

  test('client errors', async () => {
    await gw.call('POST', '/client-errors', { body: { message: 'conformance' } })
    const errors = await (await fetch(`${gw.apiUrl}/__dev/client-errors`)).json()
    expect(v.parse(v.array(devClientErrorSchema), errors).length).toBeGreaterThanOrEqual(1)
  })
})
