import type {
  Booking,
  DanceClass,
  Member,
  MembershipCard,
  Notice,
  Order,
  Org,
  OrgTeacher,
  Product,
} from '@xdance/contract'
import {
  bookingSchema,
  cardSchema,
  danceClassSchema,
  memberSchema,
  noticeSchema,
  orderSchema,
  orgSchema,
  orgTeacherSchema,
  productSchema,
} from '@xdance/contract/schemas'

// Every fixture is what the gateway could answer: parsed by the contract's schema (through its Standard Schema
// interface, so no second copy of valibot), a fixture the contract refuses fails the test that builds it.
function parsed<T>(schema: { '~standard': { validate(value: unknown): unknown } }, value: T): T {
  const result = schema['~standard'].validate(value) as {
    value?: unknown
    issues?: readonly { message: string; path?: readonly unknown[] }[]
  }
  if (result instanceof Promise) throw new Error('fixture schemas are synchronous')
  if (result.issues) {
    throw new TypeError(
      `fixture refused by the contract: ${result.issues.map((issue) => issue.message).join('; ')}`,
    )
  }
  return value
}

/**
 * A class as the gateway answers it: an open Jazz class on 2025-06-01 at 19:00, ten seats, one credit.
 *
 * @example
 * danceClass({ status: 'full', remaining: 0 })
 */
export function danceClass(overrides: Partial<DanceClass> = {}): DanceClass {
  return parsed(danceClassSchema, {
    id: 7,
    title: 'Jazz',
    style: 'jazz',
    styleName: '爵士',
    level: 'beginner',
    levelName: '零基础',
    teacher: { id: 1, name: '林夏', avatar: '' },
    room: 'A',
    date: '2025-06-01',
    startsAt: '2025-06-01T19:00:00+08:00',
    endsAt: '2025-06-01T20:00:00+08:00',
    durationMinutes: 60,
    capacity: 10,
    booked: 0,
    remaining: 10,
    credits: 1,
    status: 'open',
    description: '',
    ages: null,
    myBookingId: null,
    myWaitlistPosition: null,
    waitlistLength: 0,
    ...overrides,
  })
}

/**
 * An active membership card valid through 2025 with five credits left.
 *
 * @example
 * membershipCard({ status: 'expired' })
 */
export function membershipCard(overrides: Partial<MembershipCard> = {}): MembershipCard {
  return parsed(cardSchema, {
    id: 3,
    name: '20 次卡',
    creditsTotal: 20,
    creditsLeft: 5,
    validFrom: '2025-01-01T00:00:00+08:00',
    validUntil: '2025-12-31T00:00:00+08:00',
    status: 'active',
    family: false,
    ...overrides,
  })
}

/**
 * A live booking of {@link danceClass} with {@link membershipCard}, cancellable until two hours before.
 *
 * @example
 * booking({ status: 'cancelled', cancellable: false })
 */
export function booking(overrides: Partial<Booking> = {}): Booking {
  const item = overrides.class ?? danceClass()
  return parsed(bookingSchema, {
    id: 11,
    status: 'booked',
    classId: item.id,
    class: item,
    cardId: 3,
    cardName: '20 次卡',
    credits: 1,
    createdAt: '2025-05-30T10:00:00+08:00',
    cancelledAt: null,
    cancelDeadline: '2025-06-01T17:00:00+08:00',
    cancellable: true,
    member: { id: 1, name: '小舞', self: true },
    checkIn: {
      opensAt: '2025-06-01T18:30:00+08:00',
      closesAt: '2025-06-01T19:15:00+08:00',
      checkedInAt: null,
    },
    rating: null,
    ratingPrompt: false,
    ...overrides,
  })
}

/**
 * The studio as `GET /org` answers it: two-hour cancellation cut-off, one teacher.
 *
 * @example
 * studio({ rules: { cancelCutoffMinutes: 90 } })
 */
export function studio(overrides: Partial<Org> = {}): Org {
  return parsed(orgSchema, {
    orgId: '10001',
    name: '炫舞空间',
    intro: '舞蹈工作室',
    address: '上海市静安区南京西路 1266 号',
    phone: '021-6288 0000',
    openHours: '11:00–22:00',
    logo: '',
    styles: [],
    levels: [],
    teachers: [teacher()],
    rules: {
      cancelCutoffMinutes: 120,
      checkInBeforeMinutes: 30,
      checkInAfterMinutes: 15,
      missedClass: 'forfeit',
    },
    ...overrides,
  })
}

/**
 * A teacher without a photo.
 *
 * @example
 * teacher({ avatar: 'https://img.example.com/1.jpg' })
 */
export function teacher(overrides: Partial<OrgTeacher> = {}): OrgTeacher {
  return parsed(orgTeacherSchema, {
    id: 1,
    name: '林夏',
    styles: ['jazz', 'kpop'],
    bio: '爵士与韩舞编舞老师。',
    avatar: '',
    ...overrides,
  })
}

/**
 * A member of the family: the customer themself (小舞, no birth year given).
 *
 * @example
 * member({ id: 2, name: '小米', birthYear: 2020, self: false })
 */
export function member(overrides: Partial<Member> = {}): Member {
  return parsed(memberSchema, {
    id: 1,
    name: '小舞',
    birthYear: null,
    self: true,
    upcomingBookings: 0,
    ...overrides,
  })
}

/**
 * A card product on sale: the 10-class card, ¥880, 90 days.
 *
 * @example
 * product({ id: 1, name: '体验卡', trial: true, priceFen: 3900 })
 */
export function product(overrides: Partial<Product> = {}): Product {
  return parsed(productSchema, {
    id: 2,
    name: '10 次卡',
    description: '',
    credits: 10,
    validDays: 90,
    priceFen: 88000,
    trial: false,
    family: false,
    ...overrides,
  })
}

/**
 * A pending order of {@link product}, created 2025-06-01 10:00 and expiring 15 minutes later.
 *
 * @example
 * order({ status: 'paid', paidAt: '2025-06-01T10:05:00+08:00', cardId: 9 })
 */
export function order(overrides: Partial<Order> = {}): Order {
  return parsed(orderSchema, {
    id: 5,
    orderNo: 'XD20250601-000005',
    payCode: 'K7M2QX',
    productId: 2,
    productName: '10 次卡',
    credits: 10,
    validDays: 90,
    amountFen: 88000,
    trial: false,
    status: 'pending',
    createdAt: '2025-06-01T10:00:00+08:00',
    expiresAt: '2025-06-01T10:15:00+08:00',
    paidAt: null,
    cancelledAt: null,
    payChannel: null,
    cardId: null,
    ...overrides,
  })
}

/**
 * An unread notice: promoted from the waitlist of class 7.
 *
 * @example
 * notice({ id: 2, read: true })
 */
export function notice(overrides: Partial<Notice> = {}): Notice {
  return parsed(noticeSchema, {
    id: 1,
    kind: 'waitlist-promoted',
    title: '候补成功',
    body: '你已从候补转为预约：Jazz',
    classId: 7,
    orderId: null,
    cardId: null,
    createdAt: '2025-06-01T09:00:00+08:00',
    read: false,
    ...overrides,
  })
}
