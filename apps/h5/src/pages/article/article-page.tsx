import type { Mode } from '@xdance/session'
import { getUserId, isLoggedIn } from '@xdance/session'
import { useTracker } from '@xdance/tracker/react'
import { useEffect, useRef } from 'react'
import { Link, useLoaderData, useLocation } from 'react-router'
import { useMode, useShareCard, useT, useToasts, useWechat } from '../../app/app-context'
import { useHydrated } from '../../app/use-hydrated'
import type { Translate } from '../../i18n/i18n'
import { formatDay } from '../../lib/format'
import type { ToastStore } from '../../toast/toast-store'
import button from '../../ui/button.module.css'
import layout from '../../ui/layout.module.css'
import textStyles from '../../ui/text.module.css'
import { useShareHint } from '../../wechat/share-hint'
import type { articleLoader } from './article-data'
import styles from './article-page.module.css'
import { shareLink } from './share-link'

/** `/marketing/article`: a marketing article, shareable, sending its own trace mark once loaded. */
export function ArticlePage() {
  const { article, sharer } = useLoaderData<typeof articleLoader>()
  const t = useT()
  const mode = useMode()
  const toasts = useToasts()
  const hydrated = useHydrated()
  const wechat = useWechat()
  const [hint, showHint] = useShareHint()
  useArticleTrace(article.id)
  useShareCard(`article:${article.id}`, { kind: 'article', article })
  const paragraphs = article.content.split(/\n\s*\n/).filter((text) => text.trim())
  return (
    <article className={layout.page}>
      <div className={layout.pageHead}>
        <h1>{article.title}</h1>
        <p className={textStyles.hint}>
          {t('article.by', { author: article.author, date: formatDay(t, article.publishedAt) })}
        </p>
        {sharer && <p className={textStyles.hint}>{t('article.sharedBy')}</p>}
      </div>
      <div className={styles.articleBody} data-testid="article-body">
        {paragraphs.map((text, index) => (
          // Paragraph order never changes and a text may repeat: the index is the identity.
          <p key={index}>{text}</p>
        ))}
      </div>
      <div className={layout.row}>
        <button
          type="button"
          className={button.button}
          disabled={!hydrated}
          onClick={() =>
            wechat.inWeChat
              ? showHint()
              : void share({ articleId: article.id, title: article.title, mode, toasts, t })
          }
        >
          {t('article.share')}
        </button>
        <Link className={button.ghost} to="/schedule">
          {t('article.more')}
        </Link>
      </div>
      {hint}
    </article>
  )
}

// The route has autoReport: false: the page marks itself, once per visit, when the article is known.
function useArticleTrace(articleId: number): void {
  const tracker = useTracker()
  const location = useLocation()
  const sent = useRef('')
  useEffect(() => {
    const key = `${location.key}:${articleId}`
    if (sent.current === key) return
    sent.current = key
    void tracker.trace({ articleId: String(articleId) })
  }, [tracker, location.key, articleId])
}

interface Share {
  articleId: number
  title: string
  mode: Mode
  toasts: ToastStore
  t: Translate
}

async function share({ articleId, title, mode, toasts, t }: Share): Promise<void> {
  const url = shareLink(window.location.origin, String(articleId), isLoggedIn(mode) ? getUserId() : undefined)
  const text = t('article.shareTitle', { title })
  try {
    if (typeof navigator.share === 'function') {
      await navigator.share({ title: text, url })
      return
    }
    await navigator.clipboard.writeText(url)
    toasts.show(t('toast.linkCopied'), 'info')
  } catch (error) {
    // The customer closing the share sheet is not a failure.
    if ((error as { name?: string } | null)?.name === 'AbortError') return
    toasts.show(t('toast.shareFailed'), 'info')
  }
}
