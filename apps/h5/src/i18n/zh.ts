import type { zhPages } from './zh-pages'

/**
 * Chinese, the default language, first part: what the first screen needs (the shell, titles, the client's toasts, errors, dates,
 * the home page and its class cards, style and level names). It ships in the entry chunk; the rest of the Chinese
 * catalogue is `zh-pages.ts`, fetched before the first page that needs it (see `messagesMiddleware`). `{name}`
 * marks a parameter.
 */
export const zh = {
  'app.name': 'xdance 舞蹈',
  'common.loading': '加载中',
  'common.viewAll': '查看全部',

  // The Intl locale dates, times and money are spelled in (lib/format.ts, lib/money.ts): languageTag's.
  'intl.locale': 'zh-CN',

  'nav.label': '主导航',
  'nav.home': '首页',
  'nav.schedule': '课表',
  'nav.bookings': '我的课程',
  'nav.back': '返回',
  'nav.me': '我的',
  'nav.unread': '{count} 条未读',

  'title.home': '首页',
  'title.schedule': '课表',
  'title.class': '课程详情',
  'title.bookings': '我的课程',
  'title.cards': '我的会员卡',
  'title.me': '我的',
  'title.login': '登录',
  'title.article': '文章',
  'title.legal': '协议与政策',
  'title.notFound': '页面不存在',
  'title.teachers': '老师',
  'title.teacher': '老师介绍',

  'toast.requestError': '请求错误，请稍后重试',
  'toast.timeout': '请求超时，请重试',

  'error.title': '页面加载失败',
  'error.body': '可能是网络不稳定，请稍后重试。',
  'error.networkBody': '网络连接不稳定，请检查网络后重试。',
  'error.retry': '重试',
  'error.offlineTitle': '网络已断开',
  'error.offlineBody': '请检查网络连接，连上后页面会自动刷新。',
  'error.timeoutBody': '服务器没有及时回应，请稍后重试。',
  'error.refusedBody': '请求没有被接受，请按提示操作后重试。',
  'error.unavailableBody': '服务器开小差了，请稍后重试。',
  'error.bugTitle': '出了点问题',
  'error.bugBody': '页面出了点问题，我们已收到报告。请刷新页面。',
  'error.reload': '刷新页面',
  'offline.notice': '网络已断开：显示的是上次加载的内容，连上网络后会自动刷新。',
  'error.home': '回到首页',
  'error.appSignInTitle': '请先在 App 内登录',
  'error.appSignInBody': '登录状态已失效，请返回 App 重新登录后再打开本页。',

  'home.schedule': '查看课表',
  'home.next': '我的下一节课',
  'home.today': '今日课程',
  'home.todayEmpty': '今天的课程都已开始，看看近期课程吧。',
  'home.upcoming': '近期课程',
  'home.upcomingEmpty': '近期暂无课程安排。',
  'home.articles': '精选文章',
  'home.articlesEmpty': '暂无文章。',
  'home.openHours': '营业时间：{hours}',
  'home.address': '地址：{address}',
  'home.call': '电话：{phone}',
  'home.map': '在地图中查看',
  'home.teachers': '认识我们的老师',

  'class.minutes': '{minutes} 分钟',
  'class.cost': '消耗 {count} 次',
  'class.seatsLeft': '剩余 {count} 位',
  'class.full': '已约满',
  'class.started': '已开始',

  'bookings.statusBooked': '已预约',
  'class.agesValue': '{min}-{max} 岁',
} as const

/** A key of the message catalogue (both parts). */
export type MessageKey = keyof typeof zh | keyof typeof zhPages
