/** How a share ended: the system sheet took it, the link was copied, the customer must copy it by hand, or they closed the sheet. */
export type ShareOutcome = 'shared' | 'copied' | 'manual' | 'cancelled'

/** What is shared: also what a WeChat share card will show (title, text, link). */
export interface SharePayload {
  title: string
  text?: string
  url: string
}

/** The browser's share and clipboard, each absent where the browser has none (a test passes its own). */
export interface ShareSeam {
  share?: ((data: ShareData) => Promise<void>) | undefined
  writeText?: ((text: string) => Promise<void>) | undefined
}

/**
 * The browser's share sheet and clipboard, read when called (no work at import time).
 *
 * @example
 * await sharePage(payload, browserShare())
 */
export function browserShare(nav: Navigator = navigator): ShareSeam {
  return {
    share: typeof nav.share === 'function' ? (data) => nav.share(data) : undefined,
    writeText:
      typeof nav.clipboard?.writeText === 'function' ? (text) => nav.clipboard.writeText(text) : undefined,
  }
}

const isAbort = (error: unknown) => (error as { name?: string } | null)?.name === 'AbortError'

/**
 * Shares a page: the system share sheet when there is one, else the link copied to the clipboard, else `manual`
 * (the caller shows the link to copy by hand). Closing the sheet is `cancelled`, not a failure; a sheet that fails
 * otherwise falls back to copying.
 *
 * The seam for a WeChat share card (a later issue): inside WeChat the JS-SDK sets the card of the page
 * (`wx.updateAppMessageShareData` with this same payload) and the customer shares from WeChat's menu, so a caller
 * there configures the card with the payload and shows a hint instead of calling this.
 *
 * @example
 * const outcome = await sharePage({ title: 'Jazz', url: 'https://h5.example.com/classes/7' })
 * if (outcome === 'copied') toasts.show(t('toast.linkCopied'), 'info')
 */
export async function sharePage(
  payload: SharePayload,
  seam: ShareSeam = browserShare(),
): Promise<ShareOutcome> {
  if (seam.share) {
    try {
      await seam.share(payload.text === undefined ? { title: payload.title, url: payload.url } : payload)
      return 'shared'
    } catch (error) {
      if (isAbort(error)) return 'cancelled'
    }
  }
  if (seam.writeText) {
    try {
      await seam.writeText(payload.url)
      return 'copied'
    } catch {
      // Refused (no permission, not a secure context): the link is shown instead.
    }
  }
  return 'manual'
}
