import type { MembershipCard, Order } from '@xdance/contract'
import { useEffect, useState } from 'react'
import { Link, useFetcher, useLoaderData } from 'react-router'
import { useT, useToasts } from '../../app/app-context'
import { ACTION_KEY_FIELD } from '../../app/keyed-action'
import { useActionKey } from '../../app/use-action-key'
import { ActionFailure } from '../../components/action-failure'
import type { MessageKey } from '../../i18n/zh'
import { formatCountdown } from '../../lib/countdown'
import { formatDate, formatDay, formatTime } from '../../lib/format'
import { formatYuan } from '../../lib/money'
import button from '../../ui/button.module.css'
import { Chip } from '../../ui/chip'
import layout from '../../ui/layout.module.css'
import notice from '../../ui/notice.module.css'
import textStyles from '../../ui/text.module.css'
import type { OrderData, orderAction, orderLoader } from './order-data'
import styles from './order-page.module.css'
import { ORDER_STATUS } from './order-status'
import { QrCode } from './qr-code'
import { useOrderRefresh } from './use-order-refresh'

/**
 * `/orders/:id?return=`: an order's state and amount. Pending: the deadline (a clock time and the time left), WeChat
 * Pay as the customer's place allows it (JSAPI inside WeChat, the H5 page in a phone browser, a QR code on a
 * desktop), the front-desk code everywhere, and cancel; the page reloads the order until the gateway says it is paid
 * (the card is issued on WeChat Pay's own notification, never on the client's word). Paid: what it bought, the
 * card's balance, and the way back to the class it was bought for.
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
  const codeUrl = pending && result?.ok === true && 'codeUrl' in result ? result.codeUrl : ''
  const leaving = result?.ok === true && 'leaving' in result
  const expiresAt = Date.parse(order.expiresAt)
  const now = useOrderRefresh(pending, loaded.now, expiresAt, confirming || codeUrl ? 1000 : 3000)
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
    <div className={layout.page}>
      <div className={layout.pageHead}>
        <div className={layout.spread}>
          <h1>{order.productName}</h1>
          <Chip tone={status.tone} data-testid="order-status">
            {t(status.label)}
          </Chip>
        </div>
      </div>
      <dl className={layout.facts}>
        <dt>{t('order.amount')}</dt>
        <dd>
          <strong className={textStyles.price}>{formatYuan(t, order.amountFen)}</strong>
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
          {loaded.stale && (
            <p className={notice.notice} role="status" data-testid="order-stale">
              {t('order.stale')}
            </p>
          )}
          <p className={notice.warn} role="timer" aria-live="off" data-testid="order-countdown">
            {t('order.expiresIn', {
              clock: formatTime(order.expiresAt),
              // Never more than the order's window: a phone clock behind the studio's would say more.
              time: formatCountdown(expiresAt - Math.max(now, Date.parse(order.createdAt))),
            })}
          </p>
          {confirming || leaving ? (
            <p className={notice.notice} role="status">
              {t(leaving ? 'order.leaving' : 'order.confirming')}
            </p>
          ) : codeUrl ? (
            <section className={`${layout.card} ${layout.section} ${styles.scan}`} aria-labelledby="scan">
              <h2 id="scan">{t('order.payNative')}</h2>
              <p className={textStyles.hint}>{t('order.scanHint')}</p>
              <QrCode value={codeUrl} label={t('order.qrLabel')} />
            </section>
          ) : (
            <fetcher.Form method="post">
              <button
                type="submit"
                name="intent"
                value={PAY_INTENT[loaded.place]}
                className={`${button.button} ${button.block}`}
                disabled={busy}
              >
                {busy && intent !== 'cancel'
                  ? t('order.paying')
                  : t(loaded.place === 'desktop' ? 'order.payNative' : 'order.payWechat')}
              </button>
            </fetcher.Form>
          )}
          <FrontDesk order={order} />
          <fetcher.Form method="post">
            <input type="hidden" name={ACTION_KEY_FIELD} value={key} />
            <button
              type="submit"
              name="intent"
              value="cancel"
              className={`${button.danger} ${button.block}`}
              disabled={busy || confirming}
            >
              {busy && intent === 'cancel' ? t('order.cancelling') : t('order.cancel')}
            </button>
          </fetcher.Form>
          {result?.ok === false && <ActionFailure failure={result} />}
        </>
      )}

      {order.status === 'paid' && <Paid order={order} card={loaded.card} returnTo={loaded.returnTo} />}
      {order.status === 'expired' && <Closed text="order.expiredBody" returnTo={loaded.returnTo} />}
      {order.status === 'cancelled' && <Closed text="order.cancelledBody" returnTo={loaded.returnTo} />}
    </div>
  )
}

// WeChat Pay by the customer's place: the bridge, the H5 page, or a QR code.
const PAY_INTENT = { wechat: 'wechat-pay', phone: 'wechat-h5', desktop: 'wechat-native' } as const

function FrontDesk({ order }: { order: Order }) {
  const t = useT()
  return (
    <section className={`${layout.card} ${layout.section}`} aria-labelledby="front-desk">
      <h2 id="front-desk">{t('order.frontDesk')}</h2>
      <p className={textStyles.hint}>{t('order.frontDeskHint')}</p>
      <p>
        <span className={textStyles.hint}>{t('order.payCode')}</span>
        <br />
        <strong className={styles.code} data-testid="pay-code">
          {order.payCode}
        </strong>
      </p>
    </section>
  )
}

function Paid({
  order,
  card,
  returnTo,
}: {
  order: Order
  card: MembershipCard | null
  returnTo: OrderData['returnTo']
}) {
  const t = useT()
  return (
    <div className={notice.notice} role="status" data-testid="order-paid">
      <p>{t('order.paidBody', { name: order.productName })}</p>
      {card ? (
        <p data-testid="order-card">
          {t('order.newBalance', {
            name: card.name,
            left: card.creditsLeft,
            date: formatDate(t, card.validUntil),
          })}
        </p>
      ) : null}
      {returnTo ? (
        <Link className={button.button} to={returnTo}>
          {t('order.backToClass')}
        </Link>
      ) : null}
      <Link className={button.ghost} to="/cards">
        {t('order.viewCards')}
      </Link>
    </div>
  )
}

function Closed({ text, returnTo }: { text: MessageKey; returnTo: string }) {
  const t = useT()
  return (
    <div className={notice.warn} data-testid="order-closed">
      <p>{t(text)}</p>
      <Link className={button.ghost} to={returnTo ? `/shop?return=${encodeURIComponent(returnTo)}` : '/shop'}>
        {t('order.buyAgain')}
      </Link>
    </div>
  )
}
