import type { OrderStatus } from '@xdance/contract'
import type { MessageKey } from '../../i18n/zh'
import type { ChipTone } from '../../ui/chip'

/** The label and chip tone of each order state (shared with the order history). */
export const ORDER_STATUS: Record<OrderStatus, { label: MessageKey; tone: ChipTone }> = {
  pending: { label: 'order.pending', tone: 'accent' },
  paid: { label: 'order.paid', tone: 'ok' },
  cancelled: { label: 'order.cancelled', tone: 'muted' },
  expired: { label: 'order.expired', tone: 'muted' },
}
