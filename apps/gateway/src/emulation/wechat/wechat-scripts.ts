// The scripts demo mode serves in place of WeChat's JS-SDK and of a third-party icon-font script. Plain ES2015,
// no dependency: they are what a browser runs, not gateway code.

/**
 * A stand-in for WeChat's JS-SDK (`jweixin-1.6.0.js`): `wx.config` has the gateway check the signature with the
 * demo ticket (as WeChat's client checks it against the real ticket), then runs the `wx.ready` callbacks, or the
 * `wx.error` ones with `{ errMsg: 'config:invalid signature' }`. The share calls keep their data on
 * `window.__xdanceWechatDemo` (what the share card would show) and call `success`. Inside WeChat (its user agent)
 * without WeChat's own `WeixinJSBridge`, it also puts a stand-in bridge there whose `getBrandWCPayRequest` has the
 * emulated platform take the payment (`payPath`) and send the gateway its notification, then answers `…:ok`.
 *
 * @example
 * ```ts
 * demoJsSdkScript('/dance-gateway/wechat-demo/verify', '/dance-gateway/wechat-pay-demo/jsapi')
 * ```
 */
export function demoJsSdkScript(verifyPath: string, payPath: string): string {
  return `(function () {
  'use strict';
  var state = { config: null, configured: false, failed: null, appMessage: null, timeline: null, calls: [] };
  var ready = [];
  var errors = [];
  window.__xdanceWechatDemo = state;
  function share(kind) {
    return function (data) {
      state[kind] = { title: data.title, desc: data.desc, link: data.link, imgUrl: data.imgUrl };
      state.calls.push(kind);
      if (data && typeof data.success === 'function') data.success();
    };
  }
  window.wx = {
    config: function (config) {
      state.config = config;
      fetch(${JSON.stringify(verifyPath)}, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          appId: config.appId, timestamp: config.timestamp, nonceStr: config.nonceStr,
          signature: config.signature, url: location.href.split('#')[0]
        })
      }).then(function (r) { return r.json(); }).then(function (answer) {
        if (answer && answer.valid) {
          state.configured = true;
          ready.splice(0).forEach(function (f) { f(); });
        } else {
          state.failed = 'config:invalid signature';
          errors.splice(0).forEach(function (f) { f({ errMsg: state.failed }); });
        }
      });
    },
    ready: function (f) { if (state.configured) f(); else ready.push(f); },
    error: function (f) { if (state.failed) f({ errMsg: state.failed }); else errors.push(f); },
    checkJsApi: function (o) { if (o && o.success) o.success({ checkResult: {}, errMsg: 'checkJsApi:ok' }); },
    updateAppMessageShareData: share('appMessage'),
    updateTimelineShareData: share('timeline')
  };
  if (navigator.userAgent.indexOf('MicroMessenger/') !== -1 && !window.WeixinJSBridge) {
    window.WeixinJSBridge = {
      demo: true,
      invoke: function (name, params, done) {
        state.calls.push(name);
        if (name !== 'getBrandWCPayRequest') return done({ err_msg: name + ':fail' });
        fetch(${JSON.stringify(payPath)}, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ package: params && params.package })
        }).then(function (r) { return r.json(); }).then(done, function () {
          done({ err_msg: 'get_brand_wcpay_request:fail' });
        });
      }
    };
    document.dispatchEvent(new Event('WeixinJSBridgeReady'));
  }
})();
`
}

// Filled versions of the app's four tab icons, so a page using the font looks visibly different.
const SYMBOLS: Readonly<Record<string, string>> = {
  'icon-home': 'M12 3l9 7.5V20a1 1 0 0 1-1 1h-5.5v-6h-5v6H4a1 1 0 0 1-1-1v-9.5z',
  'icon-schedule': 'M7 2h2v2h6V2h2v2h3v17H4V4h3zm-1 8v9h12v-9z',
  'icon-bookings': 'M6 2h12a1 1 0 0 1 1 1v19l-7-4.5L5 22V3a1 1 0 0 1 1-1z',
  'icon-me': 'M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10zm-9 10a9 9 0 0 1 18 0z',
}

/**
 * A stand-in for an icon-font symbol script (as iconfont.cn serves): it adds one hidden `<svg>` of `<symbol
 * id="icon-…">` to the page, which `<svg><use href="#icon-home"/></svg>` then draws. Sizes are set through the
 * CSSOM (not a `style` attribute), which the page's policy allows.
 *
 * @example
 * ```ts
 * demoIconFontScript().includes('icon-home') // true
 * ```
 */
export function demoIconFontScript(): string {
  const symbols = Object.entries(SYMBOLS)
    .map(([id, d]) => `<symbol id="${id}" viewBox="0 0 24 24"><path d="${d}" fill="currentColor"/></symbol>`)
    .join('')
  return `(function () {
  'use strict';
  var svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('data-icon-font', 'demo');
  svg.style.position = 'absolute';
  svg.style.width = '0';
  svg.style.height = '0';
  svg.style.overflow = 'hidden';
  svg.innerHTML = ${JSON.stringify(symbols)};
  document.body.insertBefore(svg, document.body.firstChild);
})();
`
}
