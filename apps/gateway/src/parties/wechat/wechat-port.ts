// The port of WeChat's server: what the real code asks of it. The real implementation is beside this file
// (`wechat-api.ts`); the emulation's mirrors it in `emulation/wechat/`.

/**
 * What the gateway asks of WeChat's server: a web-authorisation `code` turned into the visitor's openId, and the
 * `jsapi_ticket` the JS-SDK signature needs. The real one is
 * `createWechatApi` (`wechat-api.ts`, beside this file); demo mode's is the emulation's (`emulation/wechat/`).
 *
 * @example
 * ```ts
 * const openId = await api.exchangeCode(code) // undefined: WeChat refused the code
 * ```
 */
export interface WechatApi {
  /** The openId behind a one-time code, or `undefined` when the code is unknown, used or expired. */
  exchangeCode(code: string): Promise<string | undefined>
  /** A valid `jsapi_ticket` (cached until shortly before it expires). */
  jsapiTicket(): Promise<string>
}

/** WeChat as the gateway sees it: the official account, and its server (real or emulated); `null` when off. */
export interface WechatRuntime {
  appId: string
  api: WechatApi
  /**
   * The origins of the app's pages (`GATEWAY_APP_ORIGINS`): only their URLs get a JS-SDK signature. Empty: the
   * origin the client reached (the app served beside the API on one origin, as `npm start` and the nginx example do;
   * behind a trusted proxy, the one it says, see `requestOrigin`).
   */
  pageOrigins: readonly string[]
}
