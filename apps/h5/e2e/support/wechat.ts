import type { Page } from 'playwright-core'

/** WeChat's built-in browser on a Pixel (what the app detects: `MicroMessenger/`). */
export const WECHAT_ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7 Build/UQ1A.240205.004; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MMWEBID/2247 MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64'

/** WeChat on an iPhone. */
export const WECHAT_IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN'

/** What the demo JS-SDK kept of the page's configuration and share card. */
export interface DemoWechatState {
  configured: boolean
  failed: string | null
  config: { appId: string; signature: string } | null
  appMessage: { title: string; desc: string; link: string; imgUrl: string } | null
  timeline: { title: string; link: string; imgUrl: string } | null
}

/** The demo JS-SDK's state on the page (`null` before the SDK has loaded). */
export function demoWechat(page: Page): Promise<DemoWechatState | null> {
  return page.evaluate(
    () => (window as unknown as { __xdanceWechatDemo?: DemoWechatState }).__xdanceWechatDemo ?? null,
  )
}

/** Waits until the page's share card has `link` matching `pattern`, and returns the state. */
export async function waitForCard(page: Page, pattern: RegExp): Promise<DemoWechatState> {
  const handle = await page.waitForFunction(
    (source) => {
      const state = (window as unknown as { __xdanceWechatDemo?: DemoWechatState }).__xdanceWechatDemo
      return state?.appMessage && new RegExp(source).test(state.appMessage.link) ? state : null
    },
    pattern.source,
    { timeout: 15_000 },
  )
  return (await handle.jsonValue()) as DemoWechatState
}

const html = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c)

/**
 * A page showing a share card as a WeChat chat shows it (title, description, image) with the data underneath, for the
 * screenshot of what the article's card carries.
 */
export function shareCardPage(card: NonNullable<DemoWechatState['appMessage']>, configured: boolean): string {
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<style>
body{margin:0;font:15px/1.45 -apple-system,"PingFang SC",sans-serif;background:#ededed;color:#111}
h1{font-size:14px;color:#666;font-weight:400;text-align:center;margin:16px}
.bubble{margin:0 16px 0 72px;background:#fff;border-radius:6px;padding:12px;display:grid;grid-template-columns:1fr 56px;gap:4px 10px}
.t{grid-column:1/3;font-size:16px;font-weight:500}.d{color:#888;font-size:13px}.i{width:56px;height:56px;object-fit:cover}
dl{margin:20px 16px;background:#fff;border-radius:6px;padding:12px;font-size:13px;word-break:break-all}
dt{color:#888;margin-top:6px}dd{margin:0;font-family:ui-monospace,monospace}
</style></head><body>
<h1>微信聊天中的分享卡片 (updateAppMessageShareData)</h1>
<div class="bubble"><div class="t">${html(card.title)}</div><div class="d">${html(card.desc)}</div><img class="i" src="${html(card.imgUrl)}" alt=""></div>
<dl><dt>title</dt><dd>${html(card.title)}</dd><dt>desc</dt><dd>${html(card.desc)}</dd>
<dt>link</dt><dd>${html(card.link)}</dd><dt>imgUrl</dt><dd>${html(card.imgUrl)}</dd>
<dt>wx.config</dt><dd>${configured ? 'signature accepted (demo ticket, real algorithm)' : 'not configured'}</dd></dl>
</body></html>`
}
