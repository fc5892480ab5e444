import type { Order } from '@xdance/contract'
import { useEffect, useState } from 'react'
import { Link, useFetcher, useLoaderData } from 'react-router'
import { useT, useToasts } from '../../app/app-context'
import { ACTION_KEY_FIELD } from '../../app/keyed-action'
import { useActionKey } from '../../app/use-action-key'
import { ActionFailure } from '../../components/action-failure'
import type { MessageKey } from '../../i18n/zh'
import { formatCountdown } from '../../lib/countdown'
import { formatDay, formatTime } from '../../lib/format'
import { formatYuan } from '../../lib/money'
import type { OrderData, orderAction, orderLoader } from './order-data'
import { ORDER_STATUS } from './order-status'
import { useOrderRefresh } from './use-order-refresh'

/**
 * `/orders/:id?return=`: an order's state and amount. Pending: the time left to pay, WeChat Pay inside WeChat or
 * the front-desk code elsewhere, and cancel; the page reloads the order until the gateway says it is paid (the card
 * is issued on WeChat Pay's own notification, never on the bridge's word). Paid: the card, and the way back to the
 * class it was bought for.
 */
export function OrderPage() {
  const loaded = useLoaderData<typeof orderLoader>()
  const { order } = loaded
  const t = useT()
  const toasts = useToasts()
  const fetcher = useFetcher<typeof orderAction>()
  const pending = order.status === 'pending'
  const result = fetcher.data
  // The cancellation's key (paying is WeChat's, checked by the gateway): a retry after a lost answer cancels once.
  const key = useActionKey(result?.ok === true)
  // The bridge said ok: reload often until the gateway has heard from WeChat Pay.
  const confirming = pending && result?.ok === true && 'pay' in result && result.pay === 'ok'
  const now = useOrderRefresh(pending, loaded.now, Date.parse(order.expiresAt), confirming ? 1000 : 3000)
  const [toasted, setToasted] = useState<unknown>(null)
  useEffect(() => {
    if (!result?.ok || !('pay' in result) || result === toasted) return
    setToasted(result)
    if (result.pay === 'cancel') toasts.show(t('order.payCancelled'), 'info')
    if (result.pay === 'fail') toasts.show(t('order.payFailed'), 'error')
  }, [result, toasted, toasts, t])
  const status = ORDER_STATUS[order.status]
  const busy = fetcher.state !== 'idle'
  const intent = fetcher.formData?.get('intent')

  return (
    <div className="page">
      <div className="page-head">
        <div className="spread">
          <h1>{order.productName}</h1>
          <span className={status.chip} data-testid="order-status">
            {t(status.label)}
          </span>
        </div>
      </div>
      <dl className="card facts">
        <dt>{t('order.amount')}</dt>
        <dd>
          <strong className="price">{formatYuan(order.amountFen)}</strong>
        </dd>
        <dt>{t('order.credits')}</dt>
        <dd>
          {t('shop.credits', { count: order.credits })} · {t('shop.valid', { days: order.validDays })}
        </dd>
        <dt>{t('order.no')}</dt>
        <dd data-testid="order-no">{order.orderNo}</dd>
        <dt>{t('order.created')}</dt>
        <dd>
          {formatDay(t, order.createdAt)} {formatTime(order.createdAt)}
        </dd>
      </dl>

      {pending && (
        <>
          <p className="notice notice-warn" role="timer" aria-live="off" data-testid="order-countdown">
            {t('order.expiresIn', { time: formatCountdown(Date.parse(order.expiresAt) - now) })}
          </p>
          {confirming ? (
            <p className="notice" role="status">
              {t('order.confirming')}
            </p>
          ) : loaded.inWechat ? (
            <fetcher.Form method="post">
              <button
                type="submit"
                name="intent"
                value="wechat-pay"
                className="btn btn-block"
                disabled={busy}
              >
                {busy && intent === 'wechat-pay' ? t('order.paying') : t('order.payWechat')}
              </button>
            </fetcher.Form>
          ) : (
            <FrontDesk order={order} />
          )}
          <fetcher.Form method="post">
            <input type="hidden" name={ACTION_KEY_FIELD} value={key} />
            <button
              type="submit"
              name="intent"
              value="cancel"
              className="btn btn-danger btn-block"
              disabled={busy || confirming}
            >
              {busy && intent === 'cancel' ? t('order.cancelling') : t('order.cancel')}
            </button>
          </fetcher.Form>
          {result?.ok === false && <ActionFailure failure={result} />}
        </>
      )}

      {order.status === 'paid' && <Paid order={order} returnTo={loaded.returnTo} />}
      {order.status === 'expired' && <Closed text="order.expiredBody" returnTo={loaded.returnTo} />}
      {order.status === 'cancelled' && <Closed text="order.cancelledBody" returnTo={loaded.returnTo} />}
    </div>
  )
}

function FrontDesk({ order }: { order: Order }) {
  const t = useT()
  return (
    <section className="card section pay-code" aria-labelledby="front-desk">
      <h2 id="front-desk">{t('order.frontDesk')}</h2>
      <p className="small muted">{t('order.frontDeskHint')}</p>
      <p>
        <span className="small muted">{t('order.payCode')}</span>
        <br />
        <strong className="code" data-testid="pay-code">
          {order.payCode}
        </strong>
      </p>
    </section>
  )
}

function Paid({ order, returnTo }: { order: Order; returnTo: OrderData['returnTo'] }) {
  const t = useT()
  return (
    <div className="notice" role="status" data-testid="order-paid">
      <p>{t('order.paidBody', { name: order.productName })}</p>
      {returnTo ? (
        <Link className="btn" to={returnTo}>
          {t('order.backToClass')}
        </Link>
      ) : null}
      <Link className="btn btn-ghost" to="/cards">
        {t('order.viewCards')}
      </Link>
    </div>
  )
}

function Closed({ text, returnTo }: { text: MessageKey; returnTo: string }) {
  const t = useT()
  return (
    <div className="notice notice-warn" data-testid="order-closed">
      <p>{t(text)}</p>
      <Link
        className="btn btn-ghost"
        to={returnTo ? `/shop?return=${encodeURIComponent(returnTo)}` : '/shop'}
      >
        {t('order.buyAgain')}
      </Link>
    </div>
  )
}
