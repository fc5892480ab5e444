import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { SCREENSHOTS, type Servers, type VisitReport } from '../../e2e/support/harness'
import type { EngineDriver } from './driver'

/** Screenshots of the engines' schedule page, one per engine (PNG, git-ignored like the e2e suite's). */
export const ENGINE_SCREENSHOTS = join(SCREENSHOTS, 'engines')

/** The journey's steps, in order: a failure names the steps before it. */
export const JOURNEY_STEPS = [
  'signed-out home',
  'schedule',
  'class page',
  'sign-in with the SMS code',
  'booking',
  'cancelling',
  'booking for a child',
  'check-in code',
  'rating after class',
  'visit reports at the gateway',
] as const

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
  // since: how long this document has lived (a page that reloaded itself shows a short one).
  screen: function () { return { url: location.pathname, h1: X.h1(), since: Math.round(performance.now()), dwell: window.__xdanceDwell, text: document.body.innerText.slice(0, 160) } },
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

/**
 * The app's error pages, by their titles (a route's error: network, timeout, refusal; a bug; offline): a journey
 * that meets one fails at once with what it says, instead of waiting out the step's bound.
 */
const ERROR_PAGE = `var h = X.h1(); return ['页面加载失败', '出了点问题', '网络已断开'].indexOf(h) >= 0 ? X.screen() : null`

/**
 * Polls `predicate` (a function body returning a truthy value when done) every 100 ms, up to `timeoutMs`; fails at
 * once when the app shows an error page.
 */
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
      const error = await run(driver, ERROR_PAGE)
      if (error.ok && error.value)
        throw new Error(`step "${step}": the app shows its error page: ${JSON.stringify(error.value)}`)
    } catch (error) {
      if (String(error).includes('the app shows its error page')) throw error
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

/**
 * Saves a screenshot once the page has painted what the last check saw: two animation frames after it (an engine's
 * screenshot may otherwise show the frame before a route's commit).
 */
async function screenshotPainted(driver: EngineDriver, file: string): Promise<void> {
  await act(
    driver,
    'count frames',
    `window.__xdanceFrames = 0; requestAnimationFrame(function () { window.__xdanceFrames = 1;
       requestAnimationFrame(function () { window.__xdanceFrames = 2 }) }); return true`,
  )
  await until(driver, 'painted', 'return window.__xdanceFrames === 2')
  mkdirSync(dirname(file), { recursive: true })
  await driver.screenshot(file)
}

/**
 * Stays on the page for 150 ms of the page's own time, as a customer reads before tapping on: the tracker drops
 * visits under 100 ms, and every visit of the journey is to be reported. A condition polled, not a sleep.
 */
async function dwell(driver: EngineDriver): Promise<void> {
  await act(driver, 'dwell', 'window.__xdanceDwell = performance.now(); return true')
  await until(driver, 'dwell', 'return performance.now() - window.__xdanceDwell >= 150')
}

/** An action that leaves the current page (a visit ends): after a {@link dwell}. */
async function leave(driver: EngineDriver, step: string, body: string): Promise<void> {
  await dwell(driver)
  await act(driver, step, body)
}

export interface JourneyResult {
  steps: string[]
  /** The paths of the visits the gateway received, in order. */
  visits: string[]
}

const pathOf = (url: string | undefined): string => (url ? new URL(url).pathname : '')

/**
 * The customer's journey, asserted step by step in a real engine: signed-out home, schedule (in-app navigation),
 * a class page, sign-in with the SMS code, booking, cancelling, and the visit reports arriving at the gateway, with no
 * exception of the app reported to it on the way. One page load, then every step is the app's own navigation, as a customer taps through it. `done` receives each
 * step's name as it passes, so a failure names the last good step.
 */
export async function runJourney(
  driver: EngineDriver,
  h: Pick<Servers, 'url' | 'api' | 'reports'>,
  options: { engine: string; phone: string; done?: (step: string) => void },
): Promise<JourneyResult> {
  const steps: string[] = []
  const pass = (step: (typeof JOURNEY_STEPS)[number]) => {
    steps.push(step)
    options.done?.(step)
  }
  const schedule = `return X.h1() === '课表' && X.all('nav[aria-label="选择日期"] a').length === 14`
  const tomorrow = `return X.click(X.all('nav[aria-label="选择日期"] a')[1], 'tomorrow')`
  const scheduleOfTomorrow = `var day = X.all('nav[aria-label="选择日期"] a')[1];
    return /[?&]date=\\d{4}-\\d{2}-\\d{2}$/.test(location.search) && day.getAttribute('aria-current') === 'date' &&
      X.all('[data-testid="class-card"]').length > 0`
  // A class with seats that this customer has not booked, open to any age (a children's class is not theirs);
  // returns its title after tapping it.
  const pickCard = `var card = X.all('[data-testid="class-card"]').filter(function (c) {
      return /剩余 \\d+ 位/.test(c.textContent) && c.textContent.indexOf('已预约') < 0 && !c.hasAttribute('data-ages') })[0];
    if (!card) throw new Error('no class with seats');
    var title = card.querySelector('h2, h3, h4').textContent.trim();
    X.click(card.querySelector('a') || card, 'class card');
    return title`

  // The gateway may hold reports of earlier runs (an app someone else started): this journey's are those after.
  const earlier = (await h.reports()).length
  // Exceptions of our code the app reported (POST /client-errors): none may come from the journey. A gateway without
  // that dev API (an old commit's) answers something else than a list.
  const clientErrors = async (): Promise<unknown[] | null> => {
    const list = await h.api<unknown>('/__dev/client-errors').catch(() => null)
    return Array.isArray(list) ? list : null
  }
  const earlierErrors = (await clientErrors())?.length ?? 0
  // A customer in China: the app in Chinese whatever the engine's own language (en-US on these machines, which the
  // app would follow), chosen as the language switch does, before the first page of the app.
  await driver.load(h.url('/share-icon.png'))
  await driver.execute(`localStorage.setItem('xdance-locale', 'zh'); return true`)
  await driver.load(h.url('/'))
  // The server-rendered page, then the app's: a tap before hydration would be a full page load.
  await until(
    driver,
    'home',
    `var root = document.getElementById('root');
     return !!root && Object.keys(root).some(function (k) { return k.indexOf('__reactContainer') === 0 }) &&
       X.all('nav[aria-label="主导航"] a').length > 0 && X.h1() !== '' && X.has('h2', '今日课程')`,
  )
  pass('signed-out home')

  await leave(driver, 'open the schedule', `return X.nav('课表')`)
  await until(driver, 'schedule', schedule)
  // Tomorrow: today's classes may all have started (the e2e journey does the same).
  await leave(driver, 'pick tomorrow', tomorrow)
  await until(driver, 'tomorrow', scheduleOfTomorrow)
  await screenshotPainted(driver, join(ENGINE_SCREENSHOTS, `${options.engine}.png`))
  pass('schedule')

  await dwell(driver)
  const picked = await run<string>(driver, pickCard)
  if (!picked.ok) throw new Error(`step "open a class" failed: ${picked.error}`)
  await until(
    driver,
    'class page',
    `return /\\/classes\\/\\d+$/.test(location.pathname) && X.h1() === ${JSON.stringify(picked.value)} && X.has('button, a', '登录后预约')`,
  )
  const firstClass = await run<string>(driver, 'return location.pathname')
  pass('class page')

  // "Me" asks a signed-out customer to sign in, and comes back to "me" after.
  await leave(driver, 'open me', `return X.nav('我的')`)
  await until(driver, 'sign-in page', `return location.pathname === '/login' && X.has('h1', '手机号登录')`)
  await act(driver, 'type the phone', `return X.fill('手机号', ${JSON.stringify(options.phone)})`)
  // Consent to 用户协议 and 隐私政策 before the first code (a tap on the box, as a customer's).
  await act(
    driver,
    'consent to the terms',
    `var box = X.input('我已阅读并同意'); if (!box.checked) box.click(); return true`,
  )
  await until(driver, 'consent given', `return X.input('我已阅读并同意').checked`)
  await act(driver, 'ask for the code', `return X.click(X.byText('button', '获取验证码'), '获取验证码')`)
  await until(driver, 'code sent', `return X.has('[data-testid="toast"]', '验证码已发送')`)
  const sms = await h.api<{ code: string }>(`/__dev/sms?phone=${options.phone}`)
  await act(driver, 'type the code', `return X.fill('验证码', ${JSON.stringify(sms.code)})`)
  await leave(driver, 'sign in', `return X.click(X.byText('button', '登录'), '登录')`)
  await until(driver, 'signed in', `return location.pathname === '/me' && X.has('h1', '你好')`)
  pass('sign-in with the SMS code')

  await leave(driver, 'back to the schedule', `return X.nav('课表')`)
  await until(driver, 'schedule again', schedule)
  await leave(driver, 'pick tomorrow again', tomorrow)
  await until(driver, 'tomorrow again', scheduleOfTomorrow)
  await dwell(driver)
  const again = await run<string>(driver, pickCard)
  if (!again.ok) throw new Error(`step "open a class to book" failed: ${again.error}`)
  const booked = again.value
  await until(
    driver,
    'class page to book',
    `return X.h1() === ${JSON.stringify(booked)} && !!X.byText('button', '确认预约') && X.all('input[type="radio"]').some(function (r) { return r.checked })`,
  )
  const bookedClass = await run<string>(driver, 'return location.pathname')
  await act(driver, 'book', `return X.click(X.byText('button', '确认预约'), '确认预约')`)
  await until(driver, 'booked', `return X.has('[data-testid="booking-result"]', '预约成功')`)
  pass('booking')

  await leave(
    driver,
    'see my bookings',
    `return X.click(X.byText('[data-testid="booking-result"] a', '查看我的课程'), '查看我的课程')`,
  )
  const booking = `X.all('[data-testid="booking"]').filter(function (b) { return b.textContent.indexOf(${JSON.stringify(booked)}) >= 0 && b.textContent.indexOf('已取消') < 0 })[0]`
  await until(
    driver,
    'my bookings',
    `var b = ${booking}; return location.pathname === '/bookings' && !!b && b.textContent.indexOf('已预约') >= 0`,
  )
  const buttonIn = (name: string) =>
    `var b = ${booking}; return X.click(b && X.all('[data-testid="booking"] button').filter(function (x) { return b.contains(x) && x.textContent.trim() === '${name}' })[0], '${name}')`
  await act(driver, 'cancel', buttonIn('取消预约'))
  await until(driver, 'confirm shown', `return !!X.byText('button', '确认取消')`)
  await act(driver, 'confirm', `return X.click(X.byText('button', '确认取消'), '确认取消')`)
  await until(
    driver,
    'cancelled',
    `return X.has('[data-testid="toast"]', '已取消预约') && X.all('[data-testid="booking"]').some(function (b) { return b.textContent.indexOf(${JSON.stringify(booked)}) >= 0 && b.textContent.indexOf('已取消') >= 0 })`,
  )
  pass('cancelling')

  // Issue 30: the parent books today's children's class for her child (the demo customer's 小米, 5) on a family card,
  // and 我的课程 shows the child's check-in code, which the emulated front desk scans.
  await h.api('/__dev/cards', { body: { phone: options.phone, name: '家庭卡', family: true, credits: 5 } })
  const kids = await h.api<{ id: number; title: string }>('/__dev/classes', {
    body: { startsInMinutes: 10, ageMin: 4, ageMax: 6, title: `少儿芭蕾 ${options.engine}`, style: 'ballet' },
  })
  await leave(driver, 'schedule of today', `return X.nav('课表')`)
  const kidsCard = `X.all('[data-testid="class-card"][data-ages]').filter(function (c) { return c.textContent.indexOf(${JSON.stringify(kids.title)}) >= 0 })[0]`
  await until(driver, 'the children’s class listed', `return X.h1() === '课表' && !!${kidsCard}`)
  await leave(
    driver,
    'open the children’s class',
    `var c = ${kidsCard}; return X.click(c.querySelector('a'), 'children’s class')`,
  )
  await until(
    driver,
    'for whom',
    `var child = X.all('[data-testid="member-choice"] label').filter(function (l) { return l.textContent.indexOf('小米') >= 0 })[0];
     return location.pathname === '/classes/${kids.id}' && !!child && child.querySelector('input').checked &&
       X.all('[data-testid="member-choice"] input:disabled').length === 1 && !!X.byText('button', '确认预约')`,
  )
  await act(driver, 'book for the child', `return X.click(X.byText('button', '确认预约'), '确认预约')`)
  await until(driver, 'booked for the child', `return X.has('[data-testid="booked-for"]', '小米')`)
  pass('booking for a child')

  await leave(
    driver,
    'see the check-in code',
    `return X.click(X.byText('[data-testid="booking-result"] a', '查看我的课程'), '查看我的课程')`,
  )
  const codeText = await until(
    driver,
    'check-in code shown',
    `var code = X.all('[data-testid="check-in-code"]').filter(function (c) { return c.textContent.indexOf('小米') >= 0 })[0];
     return code && code.querySelector('svg path') ? code.querySelector('[data-testid="check-in-text"]').textContent : ''`,
  )
  const scanned = await h.api<{ checkedIn?: { memberName: string } }>('/__dev/front-desk/check-in', {
    body: { payload: String(codeText) },
  })
  if (scanned.checkedIn?.memberName !== '小米')
    throw new Error(`step "check-in code" failed: the front desk answered ${JSON.stringify(scanned)}`)
  pass('check-in code')

  // Issue 31: after the class, 我的课程 asks how it was; the parent rates it (the studio's clock passes its end).
  await h.api('/__dev/clock', { body: { advanceMs: 80 * 60_000 } })
  await leave(
    driver,
    'past classes',
    `return X.click(X.all('a').filter(function (a) { return a.textContent.trim() === '已结束' && a.getAttribute('href') === '/bookings?tab=past' })[0], '已结束')`,
  )
  const ratingForm = `X.all('[data-testid="rating-form"]').filter(function (f) { var b = f.closest('[data-testid="booking"]'); return b && b.textContent.indexOf('小米') >= 0 })[0]`
  await until(driver, 'asked to rate', `return location.search === '?tab=past' && !!${ratingForm}`)
  await act(
    driver,
    'five stars',
    `var f = ${ratingForm}; var star = f.querySelector('input[name="stars"][value="5"]'); star.click(); return star.checked`,
  )
  await act(driver, 'send the rating', `return X.click(X.byText('button', '提交评价'), '提交评价')`)
  await until(driver, 'rated', `return X.all('[data-testid="rating-given"]').length > 0`)
  pass('rating after class')

  // Each in-app navigation ends a visit; leaving "my bookings" ends the last one. Every visit of the journey reaches
  // the gateway's dev API, in order, each longer than the tracker's 100 ms floor.
  await leave(driver, 'leave', `return X.nav('课表')`)
  // Another day of the schedule is a visit of its own (its URL differs).
  const expected = [
    '/',
    '/schedule',
    '/schedule',
    firstClass.ok ? firstClass.value : '?',
    '/login',
    '/me',
    '/schedule',
    '/schedule',
    bookedClass.ok ? bookedClass.value : '?',
    '/bookings',
    '/schedule',
    `/classes/${kids.id}`,
    '/bookings',
    '/bookings',
  ]
  const deadline = Date.now() + 30_000
  const mine = async () => (await h.reports()).slice(earlier)
  let reports: VisitReport[] = await mine()
  while (reports.length < expected.length && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    reports = await mine()
  }
  const visits = reports.map((report) => pathOf(report.params.url))
  if (JSON.stringify(visits) !== JSON.stringify(expected))
    throw new Error(
      `step "visit reports" failed: the gateway has ${JSON.stringify(visits)}, expected ${JSON.stringify(expected)}`,
    )
  const short = reports.filter(
    (report) => report.params.actionType !== 'visit' || !(Number(report.params.actionDuration) > 100),
  )
  if (short.length)
    throw new Error(`step "visit reports" failed: not visits over 100 ms: ${JSON.stringify(short)}`)
  const errors = (await clientErrors())?.slice(earlierErrors) ?? []
  if (errors.length)
    throw new Error(
      `the app reported exceptions during the journey: ${JSON.stringify(errors).slice(0, 2000)}`,
    )
  pass('visit reports at the gateway')
  return { steps, visits }
}
