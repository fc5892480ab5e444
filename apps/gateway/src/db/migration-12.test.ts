import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterEach, expect, test } from 'vitest'
import { openDatabase } from './database'
import { MIGRATIONS } from './migrations'

// Migration 12 on a database that already holds cards and orders: each takes its product's English name, a card
// given by hand with a product's Chinese name takes that product's English, any other keeps none; every studio
// starts with no reminder lead time of its own.

let folder: string | undefined
afterEach(() => {
  if (folder) rmSync(folder, { recursive: true, force: true })
})

test('migration 12 fills the English names of existing cards and orders from their products', () => {
  folder = mkdtempSync(join(tmpdir(), 'xdance-m12-'))
  const file = join(folder, 'old.db')
  const old = new DatabaseSync(file)
  for (const migration of MIGRATIONS.slice(0, 11)) old.exec(migration)
  old.exec('PRAGMA user_version = 11')
  old.exec(`
    INSERT INTO orgs (id, name, intro, address, phone, open_hours) VALUES ('o1', '舞室', '', '', '', '');
    INSERT INTO customers (id, phone, open_id, nickname, created_at) VALUES (1, '13800000000', 'o_x', '小舞', 0);
    INSERT INTO products (id, name, credits, valid_days, price_fen, name_en) VALUES (1, '10 次卡', 10, 90, 88000, '10-class card');
    INSERT INTO products (id, name, credits, valid_days, price_fen, name_en) VALUES (2, '无英文卡', 5, 30, 100, '');
    INSERT INTO cards (id, customer_id, name, credits_total, credits_left, valid_from, valid_until)
      VALUES (1, 1, '10 次卡', 10, 10, 0, 1), (2, 1, '10 次卡', 10, 10, 0, 1), (3, 1, '赠送卡', 3, 3, 0, 1);
    INSERT INTO orders (id, order_no, pay_code, customer_id, product_id, product_name, credits, valid_days, amount_fen,
        trial, status, created_at, expires_at, card_id)
      VALUES (1, 'XD1', 'AAAAAA', 1, 1, '10 次卡', 10, 90, 88000, 0, 'paid', 0, 1, 1),
             (2, 'XD2', 'BBBBBB', 1, 2, '无英文卡', 5, 30, 100, 0, 'pending', 0, 1, NULL);
  `)
  old.close()

  const db = openDatabase(file)
  try {
    expect(db.get('PRAGMA user_version')).toEqual({ user_version: MIGRATIONS.length })
    expect(db.all('SELECT id, name_en FROM cards ORDER BY id')).toEqual([
      // Bought through order 1; given by hand with the product's name; given by hand with a name of its own.
      { id: 1, name_en: '10-class card' },
      { id: 2, name_en: '10-class card' },
      { id: 3, name_en: '' },
    ])
    expect(db.all('SELECT id, product_name_en FROM orders ORDER BY id')).toEqual([
      { id: 1, product_name_en: '10-class card' },
      { id: 2, product_name_en: '' },
    ])
    expect(db.get('SELECT reminder_minutes FROM orgs')).toEqual({ reminder_minutes: null })
    // The lead time is checked by the database too.
    expect(() => db.run('UPDATE orgs SET reminder_minutes = 0')).toThrow()
  } finally {
    db.close()
  }
})
