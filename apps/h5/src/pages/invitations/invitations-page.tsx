import type { Invitation } from '@xdance/contract'
import { useState } from 'react'
import { useLoaderData } from 'react-router'
import { useT, useToasts } from '../../app/app-context'
import type { MessageKey } from '../../i18n/zh'
import { formatDay } from '../../lib/format'
import { sharePage } from '../../lib/share-page'
import button from '../../ui/button.module.css'
import { Chip, type ChipTone } from '../../ui/chip'
import layout from '../../ui/layout.module.css'
import text from '../../ui/text.module.css'
import { sharedLink } from '../../wechat/share-card'
import type { invitationsLoader } from './invitations-data'
import styles from './invitations-page.module.css'

const STATUS: Record<Invitation['status'], { label: MessageKey; tone: ChipTone }> = {
  pending: { label: 'invitations.pending', tone: 'muted' },
  rewarded: { label: 'invitations.rewarded', tone: 'ok' },
  'not-eligible': { label: 'invitations.notEligible', tone: 'muted' },
}

const REASON: Record<NonNullable<Invitation['reason']>, MessageKey> = {
  'existing-customer': 'invitations.reasonExisting',
  'same-wechat': 'invitations.reasonSameWechat',
  self: 'invitations.reasonSelf',
  expired: 'invitations.reasonExpired',
}

/**
 * `/me/invitations` (邀请好友): the customer's own link to share (it carries them as `sharer`; in WeChat, every share
 * card does too), what a friend brings (a free class once they attend a first one), and each invitation: pending,
 * rewarded, or not eligible with why, the friend's phone masked.
 */
export function InvitationsPage() {
  const { list, rewardOn, sharer } = useLoaderData<typeof invitationsLoader>()
  const t = useT()
  const toasts = useToasts()
  const [manual, setManual] = useState(false)
  const link = sharedLink(location.origin, '/', {}, sharer)
  const share = async () => {
    const outcome = await sharePage({ title: t('invitations.shareTitle'), url: link })
    if (outcome === 'copied') toasts.show(t('toast.linkCopied'), 'info')
    if (outcome === 'manual') setManual(true)
  }
  return (
    <div className={layout.page}>
      <h1>{t('invitations.title')}</h1>
      <section className={layout.card}>
        <p>{t(rewardOn ? 'invitations.offer' : 'invitations.offerOff')}</p>
        <button
          type="button"
          className={`${button.button} ${button.block}`}
          onClick={share}
          data-testid="invite-share"
        >
          {t('invitations.share')}
        </button>
        {manual && (
          <p className={styles.link} data-testid="invite-link">
            {link}
          </p>
        )}
      </section>
      <h2>{t('invitations.friends')}</h2>
      {list.length ? (
        <ul className={layout.list} data-testid="invitations">
          {list.map((invitation) => (
            <li
              key={`${invitation.phone}-${invitation.invitedAt}`}
              className={styles.item}
              data-testid="invitation"
            >
              <div>
                <strong>{invitation.phone}</strong>
                <p className={text.hint}>
                  {t('invitations.joined', { date: formatDay(t, invitation.invitedAt) })}
                  {invitation.reason && ` · ${t(REASON[invitation.reason])}`}
                </p>
              </div>
              <Chip tone={STATUS[invitation.status].tone}>{t(STATUS[invitation.status].label)}</Chip>
            </li>
          ))}
        </ul>
      ) : (
        <p className={layout.empty}>{t('invitations.none')}</p>
      )}
    </div>
  )
}
