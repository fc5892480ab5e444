import { Link, useLoaderData } from 'react-router'
import { useT } from '../../app/app-context'
import { formatDay } from '../../lib/format'
import { formatYuan } from '../../lib/money'
import button from '../../ui/button.module.css'
import { Chip } from '../../ui/chip'
import layout from '../../ui/layout.module.css'
import text from '../../ui/text.module.css'
import type { ordersLoader } from './order-data'
import { ORDER_STATUS } from './order-status'

/** `/me/orders`: my orders, newest first, each opening its page (a pending one to go on paying or cancel it). */
export function OrdersPage() {
  const { orders } = useLoaderData<typeof ordersLoader>()
  const t = useT()
  return (
    <div className={layout.page}>
      <h1>{t('title.orders')}</h1>
      {orders.length ? (
        <ul className={layout.menu}>
          {orders.map((order) => {
            const status = ORDER_STATUS[order.status]
            return (
              <li key={order.id} data-testid="order">
                <Link to={`/orders/${order.id}`}>
                  <span>
                    {order.productName}
                    <br />
                    <span className={text.hint}>
                      {t('orders.line', {
                        date: formatDay(t, order.createdAt),
                        amount: formatYuan(t, order.amountFen),
                      })}
                    </span>
                  </span>
                  {/* A pending order is resumed from here: its page pays or cancels it. */}
                  <Chip tone={status.tone}>
                    {t(order.status === 'pending' ? 'orders.resume' : status.label)}
                  </Chip>
                </Link>
              </li>
            )
          })}
        </ul>
      ) : (
        <div className={layout.empty}>
          <p>{t('orders.empty')}</p>
          <Link className={button.ghost} to="/shop">
            {t('me.shop')}
          </Link>
        </div>
      )}
    </div>
  )
}
