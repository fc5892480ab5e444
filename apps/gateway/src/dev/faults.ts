import { Refusal } from '../core/gateway-server-error'
import { readObject, readOptionalInt, readOptionalString } from './dev-input'

/**
 * A planned misbehaviour for the next `count` requests whose path matches: answer an envelope `code`,
 * wait `delayMs` first, answer HTTP 502 with an HTML page, or drop the connection.
 */
export interface Fault {
  id: number
  /** Path under the prefix (`/classes`), or a path prefix ending in `*` (`/classes/*`). */
  path: string
  /** Only this method (`GET`, `POST`, …); any method when absent. */
  method: string | null
  count: number
  remaining: number
  code: number | string | null
  msg: string | null
  tips: string | null
  data: unknown
  delayMs: number
  /**
   * With `delayMs` alone: do the request at once and hold its answer back for `delayMs` (the answer that comes after
   * the client gave up, although the booking happened). Otherwise the wait comes before anything is done.
   */
  answerLate: boolean
  http502: boolean
  drop: boolean
}

/** The faults waiting to fire, matched in the order they were added. */
export interface FaultStore {
  add(fault: Omit<Fault, 'id' | 'remaining'>): Fault
  /** The first fault matching the request, with one use counted; `undefined` when none matches. */
  take(method: string, path: string): Fault | undefined
  list(): Fault[]
  clear(): number
}

/** An empty fault store. */
export function createFaultStore(): FaultStore {
  let faults: Fault[] = []
  let nextId = 1
  const matches = (fault: Fault, method: string, path: string) =>
    (fault.method === null || fault.method === method) &&
    (fault.path.endsWith('*') ? path.startsWith(fault.path.slice(0, -1)) : path === fault.path)
  return {
    add(fault) {
      const stored = { ...fault, id: nextId++, remaining: fault.count }
      faults.push(stored)
      return { ...stored }
    },
    take(method, path) {
      const fault = faults.find((f) => matches(f, method, path))
      if (!fault) return undefined
      fault.remaining--
      if (fault.remaining <= 0) faults = faults.filter((f) => f !== fault)
      return { ...fault }
    },
    list: () => faults.map((f) => ({ ...f })),
    clear() {
      const n = faults.length
      faults = []
      return n
    },
  }
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

/**
 * Reads the body of `POST /__dev/faults`. `path` may be given with or without the prefix. Exactly one of
 * `code`, `http502` and `drop` may be set; with none of them, `delayMs` alone delays a normal answer.
 */
export function readFaultSpec(value: unknown, prefix: string): Omit<Fault, 'id' | 'remaining'> {
  const body = readObject(value)
  let path = readOptionalString(body.path, 'path', 512)
  if (!path?.startsWith('/')) {
    throw new Refusal('VALIDATION', { msg: 'path 必须是以 / 开头的路径', data: { field: 'path' } })
  }
  if (path === prefix || path.startsWith(`${prefix}/`)) path = path.slice(prefix.length) || '/'
  const method = readOptionalString(body.method, 'method', 10)?.toUpperCase()
  if (method !== undefined && !METHODS.has(method)) {
    throw new Refusal('VALIDATION', { msg: 'method 不是有效的 HTTP 方法', data: { field: 'method' } })
  }
  const count = readOptionalInt(body.count, 'count', 1, 1000) ?? 1
  const delayMs = readOptionalInt(body.delayMs, 'delayMs', 0, 120_000) ?? 0
  const code = body.code ?? null
  if (
    code !== null &&
    !(typeof code === 'number' && Number.isSafeInteger(code)) &&
    !(typeof code === 'string' && code.length > 0 && code.length <= 32)
  ) {
    throw new Refusal('VALIDATION', {
      msg: 'code 必须是整数或不超过 32 个字符的字符串',
      data: { field: 'code' },
    })
  }
  for (const flag of ['http502', 'drop', 'answerLate'] as const) {
    if (body[flag] !== undefined && typeof body[flag] !== 'boolean') {
      throw new Refusal('VALIDATION', { msg: `${flag} 必须是布尔值`, data: { field: flag } })
    }
  }
  const http502 = body.http502 === true
  const drop = body.drop === true
  const answerLate = body.answerLate === true
  const kinds = [code !== null, http502, drop].filter(Boolean).length
  if (kinds > 1) {
    throw new Refusal('VALIDATION', { msg: 'code、http502、drop 只能选择一个', data: { field: 'code' } })
  }
  if (kinds === 0 && delayMs === 0) {
    throw new Refusal('VALIDATION', {
      msg: '请至少指定 code、http502、drop 或 delayMs 之一',
      data: { field: 'code' },
    })
  }
  if (answerLate && (kinds > 0 || delayMs === 0)) {
    throw new Refusal('VALIDATION', {
      msg: 'answerLate 只能与 delayMs 一起使用',
      data: { field: 'answerLate' },
    })
  }
  return {
    path,
    method: method ?? null,
    count,
    code,
    msg: readOptionalString(body.msg, 'msg', 500) ?? null,
    tips: readOptionalString(body.tips, 'tips', 500) ?? null,
    data: body.data ?? null,
    delayMs,
    answerLate,
    http502,
    drop,
  }
}

/** The body of the fake 502, shaped like the page a real nginx front answers with. */
export const BAD_GATEWAY_HTML =
  '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n'
