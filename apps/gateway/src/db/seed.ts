import { addDays, RULES, studioDate } from '@xdance/contract'
import type { Database } from './database'
import { DEMO_ARTICLES, DEMO_CHILD, DEMO_CUSTOMER, DEMO_ORG, DEMO_PRODUCTS, DEMO_TEACHERS } from './demo-data'
import { ensureEveningBeginnerClass, ensureSchedule } from './schedule'

const DAY_MS = 24 * 60 * 60 * 1000
/** Past days of schedule kept in demo mode, so "past bookings" have classes to point at. */
const SCHEDULE_BEHIND_DAYS = 2

/** True when the database holds no studio yet. */
function isEmpty(db: Database): boolean {
  return (db.get<{ n: number }>('SELECT COUNT(*) AS n FROM orgs')?.n ?? 0) === 0
}

/**
 * Seeds the demo studio when the database is empty, then keeps its schedule current.
 * Everything time-based is relative to `now`, so the demo week always starts today.
 */
export function seedDemo(db: Database, now: number): void {
  db.transaction(() => {
    if (isEmpty(db)) insertDemo(db, now)
    // Also for a demo database written before products existed.
    if ((db.get<{ n: number }>('SELECT COUNT(*) AS n FROM products')?.n ?? 0) === 0) insertProducts(db)
    keepScheduleCurrent(db, now)
    // The schedule a demo starts (or is reset) with is no news to anyone: followers hear of what is published after
    // (the scheduler's top-up of new days, a class the studio adds).
    db.run('UPDATE classes SET followers_told = 1 WHERE followers_told = 0')
  })
}

/** Adds template days so the schedule covers the demo window around `now`'s studio date. */
export function keepScheduleCurrent(db: Database, now: number): number {
  const today = studioDate(now)
  const added = ensureSchedule(
    db,
    DEMO_ORG.id,
    addDays(today, -SCHEDULE_BEHIND_DAYS),
    addDays(today, RULES.scheduleAheadDays - 1),
  )
  // "A beginner class tomorrow evening" is what a new student looks for first: the demo always has one.
  ensureEveningBeginnerClass(db, DEMO_ORG.id, addDays(today, 1))
  return added
}

function insertProducts(db: Database): void {
  DEMO_PRODUCTS.forEach((product, index) => {
    db.run(
      `INSERT INTO products (name, description, credits, valid_days, price_fen, trial, active, sort, name_en,
         description_en, family)
       VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?)`,
      product.name,
      product.description,
      product.credits,
      product.validDays,
      product.priceFen,
      product.trial ? 1 : 0,
      index,
      product.en.name,
      product.en.description,
      'family' in product && product.family ? 1 : 0,
    )
  })
}

/** Empties every table (notices, orders, visit reports, trace marks, sign-ins and the studio). */
export function clearAll(db: Database): void {
  // Children before parents (foreign keys).
  const tables = [
    'consents',
    'idempotency_keys',
    'client_errors',
    'wechat_demo_codes',
    'wechat_visitors',
    'outbox',
    'notices',
    'waitlist',
    'orders',
    'products',
    'visit_reports',
    'trace_marks',
    'sessions',
    'sms_codes',
    'auth_events',
    'invitations',
    'ratings',
    'follows',
    'bookings',
    'members',
    'cards',
    'customers',
    'articles',
    'classes',
    'teachers',
    'orgs',
  ]
  db.transaction(() => {
    // SQLite numbers the next row after the largest id left (none); PostgreSQL's identities go on from where they
    // were unless restarted: restarting them makes a reset demo number its orders the same on both.
    if (db.dialect === 'postgres') db.exec(`TRUNCATE ${tables.join(', ')} RESTART IDENTITY`)
    else for (const table of tables) db.exec(`DELETE FROM ${table}`)
  })
}

function insertDemo(db: Database, now: number): void {
  const org = DEMO_ORG
  db.run(
    `INSERT INTO orgs (id, name, intro, address, phone, open_hours, name_en, intro_en, address_en, open_hours_en)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    org.id,
    org.name,
    org.intro,
    org.address,
    org.phone,
    org.openHours,
    org.en.name,
    org.en.intro,
    org.en.address,
    org.en.openHours,
  )
  for (const teacher of DEMO_TEACHERS) {
    db.run(
      'INSERT INTO teachers (id, org_id, name, styles, bio, name_en, bio_en) VALUES (?, ?, ?, ?, ?, ?, ?)',
      teacher.id,
      org.id,
      teacher.name,
      JSON.stringify(teacher.styles),
      teacher.bio,
      teacher.en.name,
      teacher.en.bio,
    )
  }
  for (const article of DEMO_ARTICLES) {
    db.run(
      `INSERT INTO articles (org_id, title, summary, content, author, tags, published_at, title_en, summary_en,
         content_en, author_en)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      org.id,
      article.title,
      article.summary,
      article.paragraphs.join('\n\n'),
      article.author,
      JSON.stringify(article.tags),
      now - article.daysAgo * DAY_MS,
      article.en?.title ?? '',
      article.en?.summary ?? '',
      article.en?.paragraphs.join('\n\n') ?? '',
      article.en?.author ?? '',
    )
  }
  keepScheduleCurrent(db, now)

  const customer = DEMO_CUSTOMER
  db.run(
    'INSERT INTO customers (id, phone, open_id, org_id, nickname, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    customer.id,
    customer.phone,
    customer.openId,
    org.id,
    customer.nickname,
    now - 60 * DAY_MS,
  )
  // The demo parent has a child: 小米, born so as to be 5 this year (Saturday's 4-6 ballet is hers).
  const selfMember = db.run(
    'INSERT INTO members (customer_id, name, self, created_at) VALUES (?, ?, 1, ?)',
    customer.id,
    '',
    now - 60 * DAY_MS,
  ).lastId
  db.run(
    'INSERT INTO members (customer_id, name, birth_year, self, created_at) VALUES (?, ?, ?, 0, ?)',
    customer.id,
    DEMO_CHILD.name,
    Number(studioDate(now).slice(0, 4)) - DEMO_CHILD.age,
    now - 60 * DAY_MS,
  )
  // A card's English name is its product's, as a card bought in the app has.
  const insertCard = (name: string, total: number, left: number, from: number, until: number) =>
    db.run(
      `INSERT INTO cards (customer_id, name, name_en, credits_total, credits_left, valid_from, valid_until)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
      customer.id,
      name,
      DEMO_PRODUCTS.find((product) => product.name === name)?.en.name ?? '',
      total,
      left,
      from,
      until,
    ).lastId
  const mainCard = insertCard('20 次卡', 20, 14, now - 30 * DAY_MS, now + 180 * DAY_MS)
  insertCard('体验卡（1 次）', 1, 1, now - 90 * DAY_MS, now - DAY_MS)
  insertCard('10 次卡', 10, 0, now - 200 * DAY_MS, now + 20 * DAY_MS)

  // One class yesterday (a past booking) and one tomorrow (an upcoming one), both paid with the main card.
  const today = studioDate(now)
  for (const day of [addDays(today, -1), addDays(today, 1)]) {
    const klass = db.get<{ id: number }>(
      'SELECT id FROM classes WHERE org_id = ? AND day = ? AND booked < capacity ORDER BY starts_at LIMIT 1',
      org.id,
      day,
    )
    if (!klass) continue
    db.run('UPDATE classes SET booked = booked + 1 WHERE id = ?', klass.id)
    db.run('UPDATE cards SET credits_left = credits_left - 1 WHERE id = ?', mainCard)
    db.run(
      `INSERT INTO bookings (customer_id, member_id, class_id, card_id, credits, status, created_at)
       VALUES (?, ?, ?, ?, 1, 'booked', ?)`,
      customer.id,
      selfMember,
      klass.id,
      mainCard,
      now - 3 * DAY_MS,
    )
  }
}
