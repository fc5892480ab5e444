import type { OrderStatus } from '@xdance/contract'
import type { MessageKey } from '../../i18n/zh'

/** The label and chip of each order state (shared with the order history). */
export const ORDER_STATUS: Record<OrderStatus, { label: MessageKey; chip: string }> = {
  pending: { label: 'order.pending', chip: 'chip' },
  paid: { label: 'order.paid', chip: 'chip chip-ok' },
  cancelled: { label: 'order.cancelled', chip: 'chip chip-muted' },
  expired: { label: 'order.expired', chip: 'chip chip-muted' },
}
