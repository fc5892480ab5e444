// A customer as the services see one, and the row it is read from: one place, imported by sign-in and WeChat
// binding alike (they used to import each other).

/** A signed-in customer, as handlers see it. */
export interface Customer {
  id: number
  phone: string
  openId: string
  orgId: string
  nickname: string
  createdAt: number
}

/** A `customers` row. */
export interface CustomerRow {
  id: number
  phone: string
  open_id: string
  org_id: string | null
  nickname: string
  created_at: number
}

export const toCustomer = (row: CustomerRow): Customer => ({
  id: row.id,
  phone: row.phone,
  openId: row.open_id,
  orgId: row.org_id ?? '',
  nickname: row.nickname,
  createdAt: row.created_at,
})
