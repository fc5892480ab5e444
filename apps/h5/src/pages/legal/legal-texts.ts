import type { Locale } from '../../i18n/i18n'

/** The documents a customer consents to before signing in. */
export type LegalDocument = 'terms' | 'privacy'

/** A document: its title and paragraphs, per language. */
export interface LegalText {
  title: string
  paragraphs: string[]
}

/**
 * The studio's 用户协议 (terms of service) and 隐私政策 (privacy policy), in the version `TERMS_VERSION` names (the
 * contract's): a change here is a new version there. Its own chunk, fetched only with the page.
 *
 * @example
 * LEGAL_TEXTS.terms.zh.title // '用户协议'
 */
export const LEGAL_TEXTS: Record<LegalDocument, Record<Locale, LegalText>> = {
  terms: {
    zh: {
      title: '用户协议',
      paragraphs: [
        '欢迎使用 xdance 舞蹈工作室的线上服务。使用手机号验证码登录即表示你同意本协议。',
        '你可以在线查看课表、预约和取消课程、购买会员卡。预约使用会员卡次数，课程开始前 2 小时以上取消，次数退回原会员卡。',
        '会员卡在有效期内使用，过期未用的次数不予退还；体验卡每人限购一次。',
        '请遵守工作室的课堂规则，爱护场地和设施。如有疑问，请联系前台。',
      ],
    },
    en: {
      title: 'Terms of service',
      paragraphs: [
        'Welcome to the online services of xdance dance studio. Signing in with a code sent to your phone means you accept these terms.',
        'You can view the schedule, book and cancel classes and buy membership cards online. A booking uses a credit of a card; cancel more than 2 hours before the class and the credit goes back to its card.',
        'Cards are used within their validity; credits left when a card expires are not refunded. A trial card can be bought once per person.',
        'Please follow the studio’s class rules and take care of its rooms. Ask at the front desk for anything else.',
      ],
    },
  },
  privacy: {
    zh: {
      title: '隐私政策',
      paragraphs: [
        '我们只收集提供服务所必需的信息：你的手机号、昵称、预约与购买记录；在微信中使用时，还有你的微信 openId。',
        '这些信息只用于登录、预约、会员卡和订单，以及必要的服务通知，不会出售给任何第三方。',
        '为改进服务，我们会记录匿名的页面访问情况（访问的页面和停留时间），其中不包含你的手机号。',
        '你可以随时在“我的”页面修改昵称，或联系前台查询、更正或删除你的信息。',
      ],
    },
    en: {
      title: 'Privacy policy',
      paragraphs: [
        'We collect only what the service needs: your phone number, nickname, bookings and purchases, and in WeChat your WeChat openId.',
        'This information is used only for signing in, bookings, cards, orders and the notices they need. It is never sold to anyone.',
        'To improve the service we record anonymous page visits (which pages and for how long), without your phone number.',
        'You can change your nickname on the Me page at any time, or ask the front desk to see, correct or delete your information.',
      ],
    },
  },
}
