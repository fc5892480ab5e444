import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Harness } from '../../e2e/support/harness'
import type { EngineDriver } from './driver'

/** Screenshots of the engines (PNG, git-ignored like the e2e suite's). */
export const ENGINE_ARTIFACTS = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'artifacts',
  'engines',
)

/**
 * Helpers defined in the page before each step: plain DOM, written for the oldest engine of the floor. `fill`
 * sets a React-controlled input the way typing does (the native value setter, then an input event).
 */
const PRELUDE = `
var X = {
  h1: function () { var h = document.querySelector('h1'); return h ? h.textContent.trim() : '' },
  all: function (sel) { return Array.prototype.slice.call(document.querySelectorAll(sel)) },
  byText: function (sel, text) { return X.all(sel).filter(function (e) { return e.textContent.trim() === text })[0] },
  has: function (sel, text) { return X.all(sel).some(function (e) { return e.textContent.indexOf(text) >= 0 }) },
  click: function (el, what) { if (!el) throw new Error('not on screen: ' + what); el.click(); return true },
  input: function (labelText) {
    var label = X.all('label').filter(function (l) { return l.textContent.indexOf(labelText) >= 0 })[0];
    var input = label && (label.control || label.querySelector('input') || document.getElementById(label.htmlFor));
    if (!input) input = X.all('input').filter(function (i) { return i.getAttribute('aria-label') === labelText })[0];
    if (!input) throw new Error('no field labelled ' + labelText);
    return input;
  },
  fill: function (labelText, value) {
    var input = X.input(labelText);
    var setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    return true;
  },
  nav: function (name) {
    var nav = X.all('nav').filter(function (n) { return n.getAttribute('aria-label') === '主导航' })[0];
    if (!nav) throw new Error('no 主导航');
    return X.click(X.all.call(null, 'nav[aria-label="主导航"] a').filter(function (a) { return a.textContent.trim() === name })[0], name);
  },
  screen: function () { return { url: location.pathname, h1: X.h1(), text: document.body.innerText.slice(0, 160) } },
};
`

/** Runs a function body in the page with the helpers, and turns a thrown error into a value. */
async function run<T>(
  driver: EngineDriver,
  body: string,
): Promise<{ ok: true; value: T } | { ok: false; error: string }> {
  return driver.execute(
    `${PRELUDE}\ntry { return { ok: true, value: (function () { ${body} })() } } catch (e) { return { ok: false, error: String(e && e.message || e) } }`,
  )
}

/** Polls `predicate` (a function body returning a truthy value when done) every 100 ms, up to `timeoutMs`. */
async function until(
  driver: EngineDriver,
  step: string,
  predicate: string,
  timeoutMs = 15_000,
): Promise<unknown> {
  const deadline = Date.now() + timeoutMs
  let last: unknown = null
  while (Date.now() < deadline) {
    try {
      const result = await run(driver, predicate)
      if (result.ok && result.value) return result.value
      last = result.ok ? result.value : result.error
    } catch (error) {
      last = String(error) // a page between two documents
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  const screen = await run(driver, 'return X.screen()').catch((error) => String(error))
  throw new Error(
    `step "${step}" did not happen within ${timeoutMs} ms (last: ${JSON.stringify(last)}; screen: ${JSON.stringify(screen)})`,
  )
}

async function act(driver: EngineDriver, step: string, body: string): Promise<void> {
  const result = await run(driver, body)
  if (!result.ok) {
    const screen = await run(driver, 'return X.screen()').catch((error) => String(error))
    throw new Error(`step "${step}" failed: ${result.error} (screen: ${JSON.stringify(screen)})`)
  }
}

export interface JourneyResult {
  steps: string[]
  title: string
  reports: number
}

/**
 * The customer's journey, asserted step by step in a real engine: signed-out home, schedule (in-app navigation),
 * a class page, sign-in with the SMS code, booking, cancelling, and the visit reports arriving at the gateway.
 * `done` receives each step's name as it passes, so a failure names the last good step.
 */
export async function runJourney(
  driver: EngineDriver,
  h: Pick<Harness, 'url' | 'api' | 'reports'>,
  options: { engine: string; phone: string; done?: (step: string) => void },
): Promise<JourneyResult> {
  const steps: string[] = []
  const pass = (step: string) => {
    steps.push(step)
    options.done?.(step)
  }
  await driver.load(h.url('/'))
  await until(
    driver,
    'home',
    `return X.all('nav[aria-label="主导航"] a').length > 0 && X.h1() !== '' && X.screen()`,
  )
  pass('signed-out home')

  await act(driver, 'open the schedule', `return X.nav('课表')`)
  await until(
    driver,
    'schedule',
    `return X.h1() === '课表' && X.all('[data-testid="class-card"]').length > 0`,
  )
  mkdirSync(ENGINE_ARTIFACTS, { recursive: true })
  await driver.screenshot(join(ENGINE_ARTIFACTS, `${options.engine}-schedule.png`))
  pass('schedule')

  const pickCard = `var card = X.all('[data-testid="class-card"]').filter(function (c) {
      return /剩余 \\d+ 位/.test(c.textContent) && c.textContent.indexOf('已预约') < 0 })[0];
    if (!card) throw new Error('no class with seats');
    var title = card.querySelector('h2, h3, h4').textContent.trim();
    X.click(card.querySelector('a') || card, 'class card');
    return title`
  const picked = await run<string>(driver, pickCard)
  if (!picked.ok) throw new Error(`step "open a class" failed: ${picked.error}`)
  const title = picked.value
  await until(
    driver,
    'class page',
    `return /\\/classes\\/\\d+$/.test(location.pathname) && X.h1() === ${JSON.stringify(title)}`,
  )
  pass('class page')

  // Booking asks a signed-out customer to sign in first; this signs in from the bookings tab instead.
  await act(driver, 'open my bookings', `return X.nav('我的')`)
  await driver.load(h.url('/bookings'))
  await until(driver, 'sign-in page', `return X.h1() === '手机号登录' || X.has('h1, h2', '手机号登录')`)
  await act(driver, 'type the phone', `return X.fill('手机号', ${JSON.stringify(options.phone)})`)
  await act(driver, 'ask for the code', `return X.click(X.byText('button', '获取验证码'), '获取验证码')`)
  await until(driver, 'code sent', `return X.has('[data-testid="toast"]', '验证码已发送')`)
  const sms = await h.api<{ code: string }>(`/__dev/sms?phone=${options.phone}`)
  await act(driver, 'type the code', `return X.fill('验证码', ${JSON.stringify(sms.code)})`)
  await act(driver, 'sign in', `return X.click(X.byText('button', '登录'), '登录')`)
  await until(driver, 'signed in', `return location.pathname === '/bookings' && X.has('h1', '我的预约')`)
  pass('sign-in with the SMS code')

  await act(driver, 'back to the schedule', `return X.nav('课表')`)
  await until(
    driver,
    'schedule again',
    `return X.h1() === '课表' && X.all('[data-testid="class-card"]').length > 0`,
  )
  const again = await run<string>(driver, pickCard)
  if (!again.ok) throw new Error(`step "open a class to book" failed: ${again.error}`)
  const booked = again.value
  await until(
    driver,
    'class page to book',
    `return X.h1() === ${JSON.stringify(booked)} && !!X.byText('button', '确认预约')`,
  )
  await act(driver, 'book', `return X.click(X.byText('button', '确认预约'), '确认预约')`)
  await until(driver, 'booked', `return X.has('[data-testid="booking-result"]', '预约成功')`)
  pass('booking')

  await act(
    driver,
    'see my bookings',
    `return X.click(X.byText('[data-testid="booking-result"] a', '查看我的预约'), '查看我的预约')`,
  )
  const booking = `X.all('[data-testid="booking"]').filter(function (b) { return b.textContent.indexOf(${JSON.stringify(booked)}) >= 0 })[0]`
  await until(driver, 'my bookings', `var b = ${booking}; return !!b && b.textContent.indexOf('已预约') >= 0`)
  await act(
    driver,
    'cancel',
    `var b = ${booking}; return X.click(X.all.call(null, '[data-testid="booking"] button').filter(function (x) { return b.contains(x) && x.textContent.trim() === '取消预约' })[0], '取消预约')`,
  )
  await until(driver, 'confirm shown', `return !!X.byText('button', '确认取消')`)
  await act(driver, 'confirm', `return X.click(X.byText('button', '确认取消'), '确认取消')`)
  await until(driver, 'cancelled', `var b = ${booking}; return !!b && b.textContent.indexOf('已取消') >= 0`)
  pass('cancelling')

  // The visits end with each in-app navigation; their reports reach the gateway's dev API.
  await act(driver, 'leave', `return X.nav('课表')`)
  const deadline = Date.now() + 15_000
  let reports = await h.reports()
  while (reports.length < 3 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    reports = await h.reports()
  }
  if (reports.length < 3)
    throw new Error(`step "visit reports" failed: ${reports.length} report(s) at the gateway`)
  pass('visit reports at the gateway')
  return { steps, title, reports: reports.length }
}
