import { useState } from 'react'
import { useShareCard, useT, useToasts, useWechat } from '../../app/app-context'
import { useHydrated } from '../../app/use-hydrated'
import { downloadFile } from '../../lib/download-file'
import { formatDate, formatTime } from '../../lib/format'
import { icsEvent } from '../../lib/ical-event'
import { sharePage } from '../../lib/share-page'
import button from '../../ui/button.module.css'
import form from '../../ui/form.module.css'
import layout from '../../ui/layout.module.css'
import { useShareHint } from '../../wechat/share-hint'
import { policyRule } from './cancel-policy'
import styles from './class-actions.module.css'
import { classEvent } from './class-calendar'
import type { ClassData } from './class-data'

/**
 * The class page's actions: add the class to a calendar (an .ics file) and share it (WeChat's menu, the share
 * sheet, the clipboard or by hand).
 */
export function ClassActions({ data }: { data: Pick<ClassData, 'item' | 'org'> }) {
  const { item, org } = data
  const t = useT()
  const hydrated = useHydrated()
  const toasts = useToasts()
  // The link to copy by hand, shown when neither a share sheet nor the clipboard is there.
  const [manualLink, setManualLink] = useState('')
  const wechat = useWechat()
  const [hint, showHint] = useShareHint()
  useShareCard(`class:${item.id}`, {
    kind: 'class',
    item,
    desc: `${formatDate(t, item.startsAt)} ${formatTime(item.startsAt)} · ${item.teacher.name} · ${org.name}`,
    logo: org.logo,
  })

  const addToCalendar = () => {
    const event = classEvent(
      item,
      org,
      window.location.origin,
      policyRule(t, org.rules.cancelCutoffMinutes),
      Date.now(),
    )
    downloadFile(`xdance-class-${item.id}.ics`, 'text/calendar', icsEvent(event))
  }
  const share = async () => {
    // Inside WeChat only its own menu shares: point there (the card is set).
    if (wechat.inWeChat) return showHint()
    const url = `${window.location.origin}/classes/${item.id}`
    const outcome = await sharePage({ title: item.title, text: `${item.title} · ${org.name}`, url })
    if (outcome === 'copied') toasts.show(t('toast.linkCopied'), 'info')
    if (outcome === 'manual') {
      setManualLink(url)
      toasts.show(t('toast.shareManual'), 'info')
    }
  }

  return (
    <div className={layout.section}>
      {hint}
      <div className={layout.row}>
        <button type="button" className={button.ghost} disabled={!hydrated} onClick={addToCalendar}>
          {t('class.addToCalendar')}
        </button>
        <button type="button" className={button.ghost} disabled={!hydrated} onClick={() => void share()}>
          {t('class.share')}
        </button>
      </div>
      {manualLink && (
        <label className={form.field}>
          <span>{t('class.link')}</span>
          <input
            className={`${form.input} ${styles.shareLink}`}
            readOnly
            value={manualLink}
            onFocus={(event) => event.currentTarget.select()}
            data-testid="share-link"
          />
        </label>
      )}
    </div>
  )
}
