// The shapes the gateway answers with (apps/gateway README, "The contract"). Only the fields the app reads.

export type ClassStatus = 'open' | 'full' | 'started' | 'ended'

export interface Teacher {
  id: number
  name: string
  avatar?: string
}

export interface DanceClass {
  id: number
  title: string
  style: string
  styleName: string
  level: string
  levelName: string
  teacher: Teacher
  room: string
  /** Studio date `YYYY-MM-DD`. */
  date: string
  /** ISO instant with the studio's offset. */
  startsAt: string
  endsAt: string
  durationMinutes: number
  capacity: number
  booked: number
  remaining: number
  credits: number
  status: ClassStatus
  description: string
  /** The signed-in customer's live booking of this class, if any. */
  myBookingId: number | null
}

export interface OrgTeacher extends Teacher {
  styles: string[]
  bio: string
}

export interface Org {
  orgId: string
  name: string
  intro: string
  address: string
  phone: string
  openHours: string
  teachers: OrgTeacher[]
  rules: { cancelCutoffMinutes: number }
}

export type CardStatus = 'active' | 'not-started' | 'expired' | 'used-up'

export interface MembershipCard {
  id: number
  name: string
  creditsTotal: number
  creditsLeft: number
  validFrom: string
  validUntil: string
  status: CardStatus
}

export interface Booking {
  id: number
  status: 'booked' | 'cancelled'
  classId: number
  class: DanceClass
  cardId: number
  cardName: string
  credits: number
  createdAt: string
  cancelledAt: string | null
  cancelDeadline: string
  cancellable: boolean
}

export interface Bookings {
  upcoming: Booking[]
  past: Booking[]
}

export interface ArticleSummary {
  id: number
  title: string
  summary: string
  author: string
  tags: string[]
  publishedAt: string
}

export interface Article extends ArticleSummary {
  /** Plain text, paragraphs separated by a blank line. */
  content: string
}

export interface Me {
  userId: string
  openId: string
  orgId: string
  /** Already masked by the gateway. */
  phone: string
  nickname: string
  activeCards: number
  upcomingBookings: number
}

export interface LoginResult {
  head: string
  token: string
  userId: string
  openId: string
  orgId: string
  expiresAt?: string
}

export interface SmsResult {
  phone: string
  expiresIn: number
  resendIn: number
}
