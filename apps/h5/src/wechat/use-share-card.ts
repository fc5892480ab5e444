import { getUserId, isLoggedIn } from '@xdance/session'
import { useEffect } from 'react'
import { useMode, useWechat } from '../app/app-context'
import type { ShareCard } from './share-card'

/**
 * Sets the page's WeChat share card (inside WeChat with an app id; nothing elsewhere) from `build(origin, readerId)`
 * whenever `key` changes: the reader is the signed-in customer (their userId is the link's `sharer`), else nobody.
 *
 * @example
 * useShareCard(`article:${article.id}`, (origin, reader) => articleCard(origin, article, '', reader))
 */
export function useShareCard(
  key: string,
  build: (origin: string, readerId: string | undefined) => ShareCard,
): void {
  const wechat = useWechat()
  const mode = useMode()
  // `build` is a new function each render; the card changes only with `key`.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on purpose
  useEffect(() => {
    if (!wechat.inWeChat) return
    wechat.setCard(build(window.location.origin, isLoggedIn(mode) ? getUserId() : undefined))
  }, [wechat, mode, key])
}
