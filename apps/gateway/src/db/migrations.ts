/**
 * The schema as an ordered list of migrations: entry N brings `PRAGMA user_version` from N to N + 1.
 * Append only; never edit a migration that has shipped.
 */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE orgs (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    intro TEXT NOT NULL,
    address TEXT NOT NULL,
    phone TEXT NOT NULL,
    open_hours TEXT NOT NULL,
    logo TEXT NOT NULL DEFAULT ''
  );
  CREATE TABLE teachers (
    id INTEGER PRIMARY KEY,
    org_id TEXT NOT NULL REFERENCES orgs(id),
    name TEXT NOT NULL,
    styles TEXT NOT NULL,
    bio TEXT NOT NULL,
    avatar TEXT NOT NULL DEFAULT ''
  );
  CREATE TABLE classes (
    id INTEGER PRIMARY KEY,
    org_id TEXT NOT NULL REFERENCES orgs(id),
    day TEXT NOT NULL,
    title TEXT NOT NULL,
    style TEXT NOT NULL,
    level TEXT NOT NULL,
    teacher_id INTEGER NOT NULL REFERENCES teachers(id),
    room TEXT NOT NULL,
    starts_at INTEGER NOT NULL,
    ends_at INTEGER NOT NULL,
    capacity INTEGER NOT NULL CHECK (capacity > 0),
    booked INTEGER NOT NULL DEFAULT 0 CHECK (booked >= 0 AND booked <= capacity),
    credits INTEGER NOT NULL DEFAULT 1 CHECK (credits > 0),
    description TEXT NOT NULL DEFAULT '',
    source TEXT NOT NULL DEFAULT 'schedule'
  );
  CREATE INDEX classes_by_day ON classes(org_id, day, starts_at);
  CREATE TABLE customers (
    id INTEGER PRIMARY KEY,
    phone TEXT NOT NULL UNIQUE,
    open_id TEXT NOT NULL UNIQUE,
    org_id TEXT,
    nickname TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE TABLE cards (
    id INTEGER PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    name TEXT NOT NULL,
    credits_total INTEGER NOT NULL CHECK (credits_total > 0),
    credits_left INTEGER NOT NULL CHECK (credits_left >= 0 AND credits_left <= credits_total),
    valid_from INTEGER NOT NULL,
    valid_until INTEGER NOT NULL
  );
  CREATE INDEX cards_by_customer ON cards(customer_id);
  CREATE TABLE bookings (
    id INTEGER PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    class_id INTEGER NOT NULL REFERENCES classes(id),
    card_id INTEGER NOT NULL REFERENCES cards(id),
    credits INTEGER NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('booked', 'cancelled')),
    created_at INTEGER NOT NULL,
    cancelled_at INTEGER
  );
  CREATE UNIQUE INDEX one_live_booking ON bookings(customer_id, class_id) WHERE status = 'booked';
  CREATE INDEX bookings_by_customer ON bookings(customer_id);
  CREATE TABLE sms_codes (
    phone TEXT PRIMARY KEY,
    code TEXT NOT NULL,
    sent_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    consumed INTEGER NOT NULL DEFAULT 0
  );
  CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    revoked_at INTEGER
  );
  CREATE TABLE articles (
    id INTEGER PRIMARY KEY,
    org_id TEXT NOT NULL REFERENCES orgs(id),
    title TEXT NOT NULL,
    summary TEXT NOT NULL,
    content TEXT NOT NULL,
    cover TEXT NOT NULL DEFAULT '',
    author TEXT NOT NULL,
    tags TEXT NOT NULL DEFAULT '[]',
    published_at INTEGER NOT NULL
  );
  CREATE TABLE visit_reports (
    id INTEGER PRIMARY KEY,
    method TEXT NOT NULL,
    params TEXT NOT NULL,
    body TEXT,
    has_authorization INTEGER NOT NULL,
    received_at INTEGER NOT NULL
  );
  CREATE TABLE trace_marks (
    id INTEGER PRIMARY KEY,
    body TEXT NOT NULL,
    has_authorization INTEGER NOT NULL,
    received_at INTEGER NOT NULL
  );
  `, // 2: card products and orders, the class waitlist, notices and their outbox (issue 12).
  `
  CREATE TABLE products (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    credits INTEGER NOT NULL CHECK (credits > 0),
    valid_days INTEGER NOT NULL CHECK (valid_days > 0),
    price_fen INTEGER NOT NULL CHECK (price_fen >= 0),
    trial INTEGER NOT NULL DEFAULT 0 CHECK (trial IN (0, 1)),
    active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
    sort INTEGER NOT NULL DEFAULT 0
  );
  CREATE TABLE orders (
    id INTEGER PRIMARY KEY,
    order_no TEXT UNIQUE,
    pay_code TEXT NOT NULL UNIQUE,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    product_id INTEGER NOT NULL REFERENCES products(id),
    product_name TEXT NOT NULL,
    credits INTEGER NOT NULL,
    valid_days INTEGER NOT NULL,
    amount_fen INTEGER NOT NULL,
    trial INTEGER NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'paid', 'cancelled', 'expired')),
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    paid_at INTEGER,
    cancelled_at INTEGER,
    pay_channel TEXT CHECK (pay_channel IN ('wechat', 'front-desk')),
    transaction_id TEXT UNIQUE,
    prepay_id TEXT,
    card_id INTEGER REFERENCES cards(id)
  );
  CREATE INDEX orders_by_customer ON orders(customer_id, id);
  CREATE INDEX orders_pending ON orders(status, expires_at);
  -- One trial per customer, held by the database: a pending or paid trial order blocks another.
  CREATE UNIQUE INDEX one_trial ON orders(customer_id) WHERE trial = 1 AND status IN ('pending', 'paid');
  CREATE TABLE waitlist (
    id INTEGER PRIMARY KEY,
    class_id INTEGER NOT NULL REFERENCES classes(id),
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    card_id INTEGER NOT NULL REFERENCES cards(id),
    status TEXT NOT NULL CHECK (status IN ('waiting', 'promoted', 'left', 'skipped', 'closed')),
    created_at INTEGER NOT NULL,
    settled_at INTEGER,
    booking_id INTEGER REFERENCES bookings(id)
  );
  CREATE UNIQUE INDEX one_waiting ON waitlist(class_id, customer_id) WHERE status = 'waiting';
  CREATE INDEX waitlist_queue ON waitlist(class_id, status, id);
  CREATE TABLE notices (
    id INTEGER PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    kind TEXT NOT NULL,
    dedupe_key TEXT NOT NULL UNIQUE,
    title TEXT NOT NULL,
    body TEXT NOT NULL,
    class_id INTEGER,
    order_id INTEGER,
    card_id INTEGER,
    created_at INTEGER NOT NULL,
    read_at INTEGER
  );
  CREATE INDEX notices_by_customer ON notices(customer_id, id);
  CREATE TABLE outbox (
    id INTEGER PRIMARY KEY,
    notice_id INTEGER NOT NULL UNIQUE REFERENCES notices(id),
    channel TEXT NOT NULL CHECK (channel IN ('sms', 'wechat')),
    recipient TEXT NOT NULL,
    template_id TEXT NOT NULL,
    payload TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('pending', 'sent')),
    created_at INTEGER NOT NULL,
    sent_at INTEGER
  );
  CREATE INDEX outbox_pending ON outbox(state, id);
  `,
  // 3: sign-in abuse limits. One row per counted event (a code sent, a wrong code) and per key it counts against
  // ('phone', 'address', 'all'), so that every limit is one indexed range count. Pruned after a day.
  `
  CREATE TABLE auth_events (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('sent', 'failed')),
    scope TEXT NOT NULL CHECK (scope IN ('phone', 'address', 'all')),
    key TEXT NOT NULL,
    at INTEGER NOT NULL
  );
  CREATE INDEX auth_events_by_key ON auth_events(kind, scope, key, at);
  CREATE INDEX auth_events_by_time ON auth_events(at);
  `,
  // 4: /healthz proves a write by updating this one row.
  `
  CREATE TABLE health (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    checked_at INTEGER NOT NULL
  );
  `,
  // 5 (wechat): WeChat visitors. The openIds the gateway got from WeChat (a code exchange), so that a sign-in binds
  // only an openId WeChat vouched for; the one-time codes of demo mode's emulated authorise page; and who invited a
  // customer (the app-mode invite id of their first sign-in).
  `
  CREATE TABLE wechat_visitors (
    open_id TEXT PRIMARY KEY,
    first_seen_at INTEGER NOT NULL,
    last_seen_at INTEGER NOT NULL
  );
  CREATE TABLE wechat_demo_codes (
    code TEXT PRIMARY KEY,
    open_id TEXT NOT NULL,
    expires_at INTEGER NOT NULL
  );
  CREATE INDEX wechat_demo_codes_by_expiry ON wechat_demo_codes(expires_at);
  ALTER TABLE customers ADD COLUMN invited_by TEXT;
  `,
  // 6 (trust): secrets the gateway makes itself, kept with the data so that every process on the file and every
  // restart agree (the key that signs WeChat openId proofs).
  `
  CREATE TABLE gateway_secrets (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
  );
  `,
  // 7 (trust): what demo mode's emulated SMS and template-message providers accepted, once per idempotency key (the
  // outbox marks a message sent only after this; a resend after a crash finds it here and sends nothing).
  `
  CREATE TABLE emulated_messages (
    idempotency_key TEXT PRIMARY KEY,
    channel TEXT NOT NULL,
    recipient TEXT NOT NULL,
    template_id TEXT NOT NULL,
    payload TEXT NOT NULL,
    accepted_at INTEGER NOT NULL
  );
  `,
  // 8 (errors-network, issue 18): idempotency keys and client error reports. A keyed action (booking, cancel,
  // waitlist, order) is kept per customer with a hash of its request and its first answer until expires_at, so a
  // retry after a lost answer is answered, not done again; the app's own exceptions, reported by the app, are kept
  // like visit reports (pruned by age and row count).
  `
  CREATE TABLE idempotency_keys (
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    key TEXT NOT NULL,
    request_hash TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('pending', 'done')),
    http_status INTEGER,
    answer TEXT,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    PRIMARY KEY (customer_id, key)
  );
  CREATE INDEX idempotency_keys_by_expiry ON idempotency_keys(expires_at);
  CREATE TABLE client_errors (
    id INTEGER PRIMARY KEY,
    message TEXT NOT NULL,
    stack TEXT NOT NULL,
    route TEXT NOT NULL,
    user_agent TEXT NOT NULL,
    kind TEXT NOT NULL,
    has_authorization INTEGER NOT NULL,
    received_at INTEGER NOT NULL
  );
  `,
  // 9 (pay-notices, issue 23): the studio marks who came to a class that started (attended or missed), and may
  // cancel a class (it leaves the schedule; its bookings are cancelled and refunded, its waitlist closed).
  `
  ALTER TABLE bookings ADD COLUMN attendance TEXT CHECK (attendance IN ('attended', 'missed'));
  ALTER TABLE classes ADD COLUMN cancelled_at INTEGER;
  `,
  // 10 (issue 21): the studio's data in English beside the Chinese. An empty English text means the studio wrote none, and
  // the Chinese is answered instead (see db/localized.ts).
  `
  ALTER TABLE orgs ADD COLUMN name_en TEXT NOT NULL DEFAULT '';
  ALTER TABLE orgs ADD COLUMN intro_en TEXT NOT NULL DEFAULT '';
  ALTER TABLE orgs ADD COLUMN address_en TEXT NOT NULL DEFAULT '';
  ALTER TABLE orgs ADD COLUMN open_hours_en TEXT NOT NULL DEFAULT '';
  ALTER TABLE teachers ADD COLUMN name_en TEXT NOT NULL DEFAULT '';
  ALTER TABLE teachers ADD COLUMN bio_en TEXT NOT NULL DEFAULT '';
  ALTER TABLE classes ADD COLUMN title_en TEXT NOT NULL DEFAULT '';
  ALTER TABLE classes ADD COLUMN room_en TEXT NOT NULL DEFAULT '';
  ALTER TABLE classes ADD COLUMN description_en TEXT NOT NULL DEFAULT '';
  ALTER TABLE products ADD COLUMN name_en TEXT NOT NULL DEFAULT '';
  ALTER TABLE products ADD COLUMN description_en TEXT NOT NULL DEFAULT '';
  ALTER TABLE articles ADD COLUMN title_en TEXT NOT NULL DEFAULT '';
  ALTER TABLE articles ADD COLUMN summary_en TEXT NOT NULL DEFAULT '';
  ALTER TABLE articles ADD COLUMN content_en TEXT NOT NULL DEFAULT '';
  ALTER TABLE articles ADD COLUMN author_en TEXT NOT NULL DEFAULT '';
  ALTER TABLE notices ADD COLUMN title_en TEXT NOT NULL DEFAULT '';
  ALTER TABLE notices ADD COLUMN body_en TEXT NOT NULL DEFAULT '';
  `,
  // 11 (issue 21): a customer's consent to the terms and privacy policy, with the version they saw, before a code is sent.
  `
  CREATE TABLE consents (
    id INTEGER PRIMARY KEY,
    phone TEXT NOT NULL,
    version TEXT NOT NULL,
    address TEXT NOT NULL,
    given_at INTEGER NOT NULL
  );
  CREATE INDEX consents_by_phone ON consents(phone, given_at);
  `,
  // 12 (issue 21 follow-up): what a customer holds in English too (a card's name and an order's product name are
  // copied from the product when bought, so they are copied in both languages), and the studio's reminder lead time
  // (NULL: the gateway's GATEWAY_REMINDER_MINUTES, default 120). Existing rows take the product's English where it
  // is known.
  `
  ALTER TABLE cards ADD COLUMN name_en TEXT NOT NULL DEFAULT '';
  ALTER TABLE orders ADD COLUMN product_name_en TEXT NOT NULL DEFAULT '';
  ALTER TABLE orgs ADD COLUMN reminder_minutes INTEGER
    CHECK (reminder_minutes IS NULL OR reminder_minutes BETWEEN 1 AND 10080);
  UPDATE orders SET product_name_en = COALESCE((SELECT p.name_en FROM products p WHERE p.id = orders.product_id), '');
  UPDATE cards SET name_en = COALESCE(
    (SELECT o.product_name_en FROM orders o WHERE o.card_id = cards.id),
    (SELECT p.name_en FROM products p WHERE p.name = cards.name ORDER BY p.id LIMIT 1),
    ''
  );
  `,
  // 13 (issue 30): families. A customer books for members of their family (学员): themself (the one \`self\` row,
  // named by their nickname) and others, each with a birth year. Every booking names its member (existing ones the
  // customer themself), and the same class is booked once per member. A class may carry an age range; a product, and
  // the card it issues, may be a family card that any member of the holder's family books on.
  `
  CREATE TABLE members (
    id INTEGER PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    name TEXT NOT NULL,
    birth_year INTEGER,
    self INTEGER NOT NULL DEFAULT 0 CHECK (self IN (0, 1)),
    created_at INTEGER NOT NULL,
    removed_at INTEGER
  );
  CREATE UNIQUE INDEX one_self_member ON members(customer_id) WHERE self = 1;
  CREATE INDEX members_by_customer ON members(customer_id);
  INSERT INTO members (customer_id, name, self, created_at) SELECT id, nickname, 1, created_at FROM customers;
  ALTER TABLE bookings ADD COLUMN member_id INTEGER REFERENCES members(id);
  UPDATE bookings SET member_id = (SELECT m.id FROM members m WHERE m.customer_id = bookings.customer_id AND m.self = 1);
  DROP INDEX one_live_booking;
  CREATE UNIQUE INDEX one_live_booking ON bookings(member_id, class_id) WHERE status = 'booked';
  ALTER TABLE classes ADD COLUMN age_min INTEGER CHECK (age_min IS NULL OR age_min BETWEEN 0 AND 120);
  ALTER TABLE classes ADD COLUMN age_max INTEGER CHECK (age_max IS NULL OR age_max BETWEEN 0 AND 120);
  ALTER TABLE products ADD COLUMN family INTEGER NOT NULL DEFAULT 0 CHECK (family IN (0, 1));
  ALTER TABLE orders ADD COLUMN family INTEGER NOT NULL DEFAULT 0 CHECK (family IN (0, 1));
  ALTER TABLE cards ADD COLUMN family INTEGER NOT NULL DEFAULT 0 CHECK (family IN (0, 1));
  `,
  // 14 (issue 30): the studio's door. A booking is checked in (by the front desk scanning its code, or by the customer
  // scanning the studio's door code), when and how; the studio says when check-in opens and closes around a class's
  // start and what a missed class costs (\`forfeit\`: the credit is spent; \`return\`: it goes back to the card).
  // Bookings of classes that ended before check-in existed are taken as attended: nobody could check in then, and
  // a missed class may cost a credit.
  `
  ALTER TABLE bookings ADD COLUMN checked_in_at INTEGER;
  ALTER TABLE bookings ADD COLUMN checked_in_by TEXT CHECK (checked_in_by IN ('desk', 'door', 'staff'));
  ALTER TABLE orgs ADD COLUMN check_in_before_minutes INTEGER NOT NULL DEFAULT 30
    CHECK (check_in_before_minutes BETWEEN 0 AND 240);
  ALTER TABLE orgs ADD COLUMN check_in_after_minutes INTEGER NOT NULL DEFAULT 15
    CHECK (check_in_after_minutes BETWEEN 0 AND 240);
  ALTER TABLE orgs ADD COLUMN missed_class TEXT NOT NULL DEFAULT 'forfeit' CHECK (missed_class IN ('forfeit', 'return'));
  CREATE INDEX bookings_to_settle ON bookings(class_id) WHERE status = 'booked' AND attendance IS NULL;
  UPDATE bookings SET attendance = 'attended'
  WHERE status = 'booked' AND attendance IS NULL
    AND class_id IN (SELECT id FROM classes WHERE ends_at <= CAST(strftime('%s', 'now') AS INTEGER) * 1000);
  `,
  // 15 (issue 31): ratings after class. One per booking of an attended class (the member who came), its teacher kept
  // for the teacher's average; a booking whose rating prompt the customer dismissed is not asked again.
  `
  CREATE TABLE ratings (
    booking_id INTEGER PRIMARY KEY REFERENCES bookings(id),
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    teacher_id INTEGER NOT NULL REFERENCES teachers(id),
    class_id INTEGER NOT NULL REFERENCES classes(id),
    stars INTEGER NOT NULL CHECK (stars BETWEEN 1 AND 5),
    comment TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX ratings_by_teacher ON ratings(teacher_id, created_at);
  ALTER TABLE bookings ADD COLUMN rating_dismissed_at INTEGER;
  `,
  // 16 (issue 31): teachers a customer follows, and which classes their followers were told about (the classes of
  // before are taken as told: a new follower hears of what is published from then on).
  `
  CREATE TABLE follows (
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    teacher_id INTEGER NOT NULL REFERENCES teachers(id),
    created_at INTEGER NOT NULL,
    PRIMARY KEY (customer_id, teacher_id)
  );
  CREATE INDEX follows_by_teacher ON follows(teacher_id);
  ALTER TABLE classes ADD COLUMN followers_told INTEGER NOT NULL DEFAULT 0 CHECK (followers_told IN (0, 1));
  UPDATE classes SET followers_told = 1;
  CREATE INDEX classes_to_tell ON classes(teacher_id) WHERE followers_told = 0;
  `,
  // 17 (issue 31): invitations. The customer whose share link brought a sign-up (one row per invited customer), and
  // whether the studio rewards a first attended class with a free class for the sharer (on by default).
  `
  CREATE TABLE invitations (
    invitee_id INTEGER PRIMARY KEY REFERENCES customers(id),
    sharer_id INTEGER NOT NULL REFERENCES customers(id),
    phone TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'rewarded', 'not-eligible')),
    reason TEXT CHECK (reason IN ('existing-customer', 'same-wechat', 'self', 'expired')),
    created_at INTEGER NOT NULL,
    rewarded_at INTEGER,
    reward_card_id INTEGER REFERENCES cards(id)
  );
  CREATE INDEX invitations_by_sharer ON invitations(sharer_id, created_at);
  ALTER TABLE orgs ADD COLUMN invite_reward INTEGER NOT NULL DEFAULT 1 CHECK (invite_reward IN (0, 1));
  `,
  // 18 (issue 33): what one process kept in memory, for several instances on one database: the sinks' per-address
  // counters (a row per key and minute, old minutes pruned) and how far the dev API moved the studio clock.
  `
  CREATE TABLE rate_counts (
    key TEXT NOT NULL,
    window_start INTEGER NOT NULL,
    count INTEGER NOT NULL,
    PRIMARY KEY (key, window_start)
  );
  CREATE INDEX rate_counts_by_window ON rate_counts(window_start);
  CREATE TABLE studio_clock (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    offset_ms INTEGER NOT NULL CHECK (offset_ms >= 0)
  );
  `,
  // 19 (issue 33): which gateway instance claimed a keyed action still pending, so that the claim of an instance
  // that died mid-action (killed, crashed) can be taken over by a retry instead of blocking the key for its 24 h.
  `
  ALTER TABLE idempotency_keys ADD COLUMN owner TEXT;
  `,
]
