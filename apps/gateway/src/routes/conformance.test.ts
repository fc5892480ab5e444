import { endpointPath, studioDate } from '@xdance/contract'
import {
  devReportSchema,
  devSmsSchema,
  devTraceSchema,
  ENDPOINTS,
  type EndpointName,
  envelopeSchema,
} from '@xdance/contract/schemas'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startTestGateway, type TestGateway } from '../testing/test-gateway'

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

const CASES: Record<EndpointName, Case> = {
  sendSmsCode: { body: () => ({ phone: '13912340000' }) },
  login: {
    body: async () => {
      await gw.call('POST', '/auth/sms', { body: { phone: '13912340001' } })
      const sms = v.parse(
        devSmsSchema,
        await (await fetch(`${gw.apiUrl}/__dev/sms?phone=13912340001`)).json(),
      )
      return { phone: '13912340001', code: sms.code }
    },
  },
  logout: { ownSignIn: true },
  getMe: {},
  getOrg: {},
  listClasses: { query: `?from=${studioDate(Date.parse('2025-06-02T10:00:00+08:00'))}` },
  getClass: { params: async () => ({ id: await firstOpenClass() }) },
  bookClass: { body: async () => ({ classId: await firstOpenClass() }) },
  listBookings: {},
  cancelBooking: {
    params: async () => {
      const booked = await gw.call<{ id: number }>('POST', '/bookings', {
        auth,
        body: { classId: await firstOpenClass() },
      })
      return { id: booked.body.data.id }
    },
  },
  listCards: {},
  listArticles: { query: '?page=1&pageSize=2' },
  getArticle: { params: () => ({ id: 1 }) },
  listTeachers: {},
  getTeacher: { params: () => ({ id: 1 }) },
  traceMark: { body: () => ({ path: '/', endpoint: 'h5', traceType: 'page', extra: '' }) },
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
    const path = `${endpointPath(endpoint.path, params)}${spec.query ?? ''}`
    const headerAuth =
      who === 'signed in' ? (spec.ownSignIn ? await gw.signIn('13912340002') : auth) : undefined
    const body = spec.body ? await spec.body() : undefined
    const res = await gw.call(endpoint.method, path, {
      ...(headerAuth === undefined ? {} : { auth: headerAuth }),
      ...(body === undefined ? {} : { body }),
    })
    // Signing out with no sign-in is refused; every other case succeeds.
    if (name === 'logout' && who === 'signed out') {
      expect(res.body.code).toBe(401)
      return
    }
    expect(res.body.code, JSON.stringify(res.body)).toBe(200)
    const parsed = v.safeParse(envelopeSchema(endpoint.answer), res.body)
    expect(parsed.issues?.map((issue) => `${v.getDotPath(issue)}: ${issue.message}`) ?? []).toEqual([])
  })
})

describe('the dev API answers parse with the contract', () => {
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
})
