import type { ActionStatus, Envelope } from '@xdance/contract'
import type { GatewayContext } from '../core/context'
import type { Database } from '../db/database'

/** How long a keyed action's first answer is kept: a retry later than this is done again. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000

/** What the gateway finds when a keyed action arrives. */
export type ActionStart =
  | { kind: 'new' }
  | { kind: 'replay'; httpStatus: number; answer: string }
  | { kind: 'pending' }
  | { kind: 'mismatch' }

interface Row {
  request_hash: string
  state: 'pending' | 'done'
  owner: string | null
  http_status: number | null
  answer: string | null
  expires_at: number
}

const liveRow = (ctx: GatewayContext, customerId: number, key: string): Row | undefined => {
  const row = ctx.db.get<Row>(
    'SELECT request_hash, state, owner, http_status, answer, expires_at FROM idempotency_keys WHERE customer_id = ? AND key = ?',
    customerId,
    key,
  )
  return row && row.expires_at > ctx.now() ? row : undefined
}

/**
 * Claims `key` for this customer's request (its `requestHash`), or says why not: the first answer to replay, still
 * being done, or the key already used for another request. Synchronous from the read to the insert, so two
 * requests with one key in this process cannot both claim it; the primary key settles it between processes.
 *
 * A claim still pending whose instance is gone (killed mid-action: its connections closed) is taken over. Nothing of
 * that action was kept: a keyed action's work and its answer are committed together (`keepAnswer`), so a pending
 * claim is one whose action never committed, and the retry does it.
 */
export function beginAction(
  ctx: GatewayContext,
  customerId: number,
  key: string,
  requestHash: string,
): ActionStart {
  const row = liveRow(ctx, customerId, key)
  const now = ctx.now()
  if (row) {
    if (row.request_hash !== requestHash) return { kind: 'mismatch' }
    if (row.state === 'done' && row.http_status !== null && row.answer !== null) {
      return { kind: 'replay', httpStatus: row.http_status, answer: row.answer }
    }
    if (row.owner !== null && ctx.db.isInstanceAlive(row.owner)) return { kind: 'pending' }
    // The instance that claimed it is gone: the claim is this request's if no other retry took it first.
    const taken = ctx.db.run(
      `UPDATE idempotency_keys SET owner = ?, created_at = ?
       WHERE customer_id = ? AND key = ? AND state = 'pending' AND COALESCE(owner, '') = ?`,
      ctx.db.instanceId,
      now,
      customerId,
      key,
      row.owner ?? '',
    )
    return taken.changes === 1 ? { kind: 'new' } : { kind: 'pending' }
  }
  // An expired row of the same key is replaced: past keeping, the key is new again.
  ctx.db.run('DELETE FROM idempotency_keys WHERE customer_id = ? AND key = ?', customerId, key)
  const claimed = ctx.db.run(
    `INSERT INTO idempotency_keys (customer_id, key, request_hash, state, owner, created_at, expires_at)
     VALUES (?, ?, ?, 'pending', ?, ?, ?) ON CONFLICT DO NOTHING`,
    customerId,
    key,
    requestHash,
    ctx.db.instanceId,
    now,
    now + IDEMPOTENCY_TTL_MS,
  )
  return claimed.changes === 1 ? { kind: 'new' } : { kind: 'pending' }
}

/**
 * Keeps the first answer of a claimed key, for repeats and for {@link actionStatus}. A successful keyed action calls
 * it inside the transaction of the action's own work (the route does, `endpoint-route.ts`), so both are kept or
 * neither; a refusal's answer is kept after it (a refusal changed nothing).
 */
export function finishAction(
  ctx: GatewayContext,
  customerId: number,
  key: string,
  httpStatus: number,
  answer: string,
): void {
  ctx.db.run(
    "UPDATE idempotency_keys SET state = 'done', http_status = ?, answer = ? WHERE customer_id = ? AND key = ?",
    httpStatus,
    answer,
    customerId,
    key,
  )
}

/** Lets a claimed key go without an answer (the gateway failed: a retry should do the action). */
export function abandonAction(ctx: GatewayContext, customerId: number, key: string): void {
  ctx.db.run(
    "DELETE FROM idempotency_keys WHERE customer_id = ? AND key = ? AND state = 'pending'",
    customerId,
    key,
  )
}

/** Whether this customer's action with `key` happened, and its first answer when it did. */
export function actionStatus(ctx: GatewayContext, customerId: number, key: string): ActionStatus {
  const row = liveRow(ctx, customerId, key)
  if (!row) return { key, state: 'unknown', answer: null }
  if (row.state === 'pending' || row.answer === null) return { key, state: 'pending', answer: null }
  return { key, state: 'done', answer: JSON.parse(row.answer) as Envelope<unknown> }
}

/** Deletes at most `batch` expired keys; returns how many went. */
export function pruneIdempotencyKeys(db: Database, now: number, batch: number): number {
  return db.run(
    `DELETE FROM idempotency_keys WHERE (customer_id, key) IN
       (SELECT customer_id, key FROM idempotency_keys WHERE expires_at <= ? LIMIT ?)`,
    now,
    batch,
  ).changes
}
