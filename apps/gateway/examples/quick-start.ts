import { TERMS_VERSION } from '@xdance/contract'
import { DEMO_PHONE, startGateway } from '@xdance/gateway'

// A real gateway on a free port, with an in-memory database and the demo studio.
const gateway = await startGateway({ demo: true })
// Request bodies are JSON, sent as application/json (anything else is refused with 41501).
const api = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
  fetch(`${gateway.apiUrl}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  }).then((r) => r.json())

// Sign in as the demo customer: ask for a code, read it from the dev API, sign in.
await api('/auth/sms', {
  method: 'POST',
  body: JSON.stringify({ phone: DEMO_PHONE, consent: TERMS_VERSION }),
})
const { code } = await api(`/__dev/sms?phone=${DEMO_PHONE}`)
const login = await api('/auth/login', { method: 'POST', body: JSON.stringify({ phone: DEMO_PHONE, code }) })
const headers = { authorization: `${login.data.head}${login.data.token}` }

// This week's classes (signed in, each says whether I booked it), then book the first open one for adults (a
// children's class, with `ages`, asks for the member's birth year first).
const week = await api('/classes', { headers })
console.log(`${week.data.list.length} classes from ${week.data.from}`)
const open = week.data.list.find(
  (c: { status: string; myBookingId: number | null; ages: unknown }) =>
    c.status === 'open' && !c.myBookingId && !c.ages,
)
const booking = await api('/bookings', {
  method: 'POST',
  headers,
  body: JSON.stringify({ classId: open.id }),
})
console.log(booking.code, booking.data.class.title)

await gateway.close()
