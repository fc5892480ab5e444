import { ARTICLE_PATH } from '@xdance/contract'
import type { RouteObject } from 'react-router'
import { keepPageOnFailure } from './app/keep-page-on-failure'
import { Layout } from './app/layout'
import { messagesMiddleware } from './app/messages-middleware'
import { meta } from './app/route-handle'
import { signedInMiddleware } from './auth/require-sign-in'
import { PageSkeleton } from './components/page-skeleton'
import { RouteError } from './components/route-error'
import { articleLoader } from './pages/article/article-data'
import { cardsLoader } from './pages/cards/cards-data'
import { homeLoader } from './pages/home/home-data'
import { meLoader } from './pages/me/me-data'

// The one route table. Home's and the article's loaders (pages a link lands on) and the few small ones of signed-in
// pages live in the entry chunk, so a page's data and its component chunk download in parallel; each page component
// is its own lazy chunk. The other loaders are lazy (a chunk of their own, fetched beside the page's): the shop,
// orders, notices and waitlist since the first screen had under 1 KB of its budget left, the schedule, 我的课程, a
// class and the teachers since issues 21 and 23 grew them (README "Budgets"). Those a first tap often opens are
// `WARM_PATHS`: their loaders download when the browser is idle after start-up, so their data is asked for at once as
// before. Actions (a tap away, never part of a first screen) and the sign-in route's loader (it fetches nothing) are
// lazy parts of their routes. Loaders and actions read the services from the router context (`servicesContext`, set
// by `main.tsx`). `handle` carries the tracker's flags, the title and, on every page outside the tab bar, `back`: the
// parent the header's back button opens when no page of the app is behind.
//
// Each lazy part is `() => import(…).then((m) => m.name)`: written `async () => (await import(…)).name`, each of the
// fifty becomes a function that destructures the export and builds an object of it again in the entry chunk (Rolldown
// does so to drop a chunk's unused exports, which `.then` keeps as well): 0.4 KB min+gzip more on the first screen.
//
// A function, not a constant: React Router fills a route's `lazy` object in place once it has loaded, so each
// router (the app's one, each test's own) needs route objects of its own.

/**
 * The pages whose loaders are lazy but that a first tap often opens: the tabs, a class, the teachers. `main.tsx`
 * downloads their loaders when the browser is idle after start-up (`warmLoaders`), so their data is asked for at
 * once, beside the page's component chunk, as with a loader in the entry.
 */
export const WARM_PATHS: readonly string[] = [
  '/schedule',
  '/bookings',
  '/classes/:id',
  '/teachers',
  '/teachers/:id',
]

/**
 * The app's route table, fresh for one router.
 *
 * @example
 * createBrowserRouter(createRoutes(), { getContext })
 */
export function createRoutes(): RouteObject[] {
  return keepPageOnFailure([
    {
      id: 'root',
      path: '/',
      element: <Layout />,
      // Only for a failure of the layout itself: a page's failure stops at `pages`, inside the header and tab bar.
      errorElement: <RouteError />,
      hydrateFallbackElement: <PageSkeleton />,
      children: [
        {
          // Not a page: the tab bar's fetcher reads the unread notice count here (outside `pages`, so it needs no
          // page messages; 0 when signed out or unreadable).
          id: 'unread-notices',
          path: 'notices/unread',
          lazy: { loader: () => import('./pages/notices/notices-data').then((m) => m.unreadLoader) },
        },
        {
          // Pathless: the one error page of every page, shown inside the layout (the tab bar stays).
          id: 'pages',
          errorElement: <RouteError />,
          // Every page but home needs the second part of the Chinese catalogue (a chunk of its own).
          middleware: [messagesMiddleware],
          children: [
            {
              index: true,
              loader: homeLoader,
              lazy: { Component: () => import('./pages/home/home-page').then((m) => m.HomePage) },
              handle: meta('title.home'),
            },
            {
              path: 'schedule',
              // Lazy since issue 21 (search, time of day, the two weeks' list) took the entry over its budget.
              lazy: {
                loader: () => import('./pages/schedule/schedule-data').then((m) => m.scheduleLoader),
                Component: () => import('./pages/schedule/schedule-page').then((m) => m.SchedulePage),
              },
              handle: meta('title.schedule'),
            },
            {
              // Public; its book action checks the sign-in itself.
              path: 'classes/:id',
              lazy: {
                loader: () => import('./pages/class/class-data').then((m) => m.classLoader),
                action: () => import('./pages/class/book-action').then((m) => m.bookAction),
                Component: () => import('./pages/class/class-page').then((m) => m.ClassPage),
              },
              handle: meta('title.class', { back: '/schedule' }),
            },
            {
              // An action only (the class page's waitlist form); a visit goes to the class.
              path: 'classes/:id/waitlist',
              lazy: {
                loader: () => import('./pages/class/waitlist-data').then((m) => m.waitlistLoader),
                action: () => import('./pages/class/waitlist-data').then((m) => m.waitlistAction),
              },
            },
            {
              // Public; its buy action checks the sign-in itself.
              path: 'shop',
              lazy: {
                loader: () => import('./pages/shop/shop-data').then((m) => m.shopLoader),
                action: () => import('./pages/shop/shop-data').then((m) => m.buyAction),
                Component: () => import('./pages/shop/shop-page').then((m) => m.ShopPage),
              },
              handle: meta('title.shop', { back: '/me' }),
            },
            {
              path: 'teachers',
              lazy: {
                loader: () => import('./pages/teachers/teachers-data').then((m) => m.teachersLoader),
                Component: () => import('./pages/teachers/teachers-page').then((m) => m.TeachersPage),
              },
              handle: meta('title.teachers', { back: '/' }),
            },
            {
              // An action only: the heart on a teacher's page (issue 31); it checks the sign-in itself.
              path: 'teachers/:id/follow',
              lazy: { action: () => import('./pages/teachers/teachers-data').then((m) => m.followAction) },
            },
            {
              // No page: a teacher's ratings, read by the class page's fetcher (issue 31).
              path: 'teachers/:id/ratings',
              lazy: {
                loader: () => import('./pages/teachers/ratings-data').then((m) => m.teacherRatingsLoader),
              },
            },
            {
              path: 'teachers/:id',
              lazy: {
                loader: () => import('./pages/teachers/teachers-data').then((m) => m.teacherLoader),
                Component: () => import('./pages/teachers/teacher-page').then((m) => m.TeacherPage),
              },
              handle: meta('title.teacher', { back: '/teachers' }),
            },
            {
              // Pathless: its middleware stops a signed-out visitor before any loader or action below runs.
              id: 'signed-in',
              middleware: [signedInMiddleware],
              children: [
                {
                  path: 'bookings',
                  lazy: {
                    // Lazy since 我的课程 (issue 23: the waitlist places beside the bookings) grew it.
                    loader: () => import('./pages/bookings/bookings-data').then((m) => m.bookingsLoader),
                    action: () => import('./pages/bookings/cancel-action').then((m) => m.cancelAction),
                    Component: () => import('./pages/bookings/bookings-page').then((m) => m.BookingsPage),
                  },
                  handle: meta('title.bookings'),
                },
                {
                  // An action only: 我的课程's rating form (issue 31).
                  path: 'bookings/:id/rating',
                  lazy: {
                    action: () => import('./pages/bookings/rating-action').then((m) => m.ratingAction),
                  },
                },
                {
                  // No page: a booking's check-in code, fetched by 我的课程 every minute while it shows (issue 30).
                  path: 'bookings/:id/check-in',
                  lazy: {
                    loader: () => import('./pages/bookings/check-in-data').then((m) => m.checkInCodeLoader),
                  },
                },
                {
                  path: 'check-in',
                  lazy: {
                    loader: () => import('./pages/check-in/check-in-data').then((m) => m.doorLoader),
                    action: () => import('./pages/check-in/check-in-data').then((m) => m.doorAction),
                    Component: () => import('./pages/check-in/check-in-page').then((m) => m.CheckInPage),
                  },
                  handle: meta('title.checkIn', { back: '/bookings' }),
                },
                {
                  path: 'cards',
                  loader: cardsLoader,
                  lazy: { Component: () => import('./pages/cards/cards-page').then((m) => m.CardsPage) },
                  handle: meta('title.cards', { back: '/me' }),
                },
                {
                  // 使用记录 (issue 30): each booking a card paid for, whom for, attended or missed.
                  path: 'cards/:id',
                  lazy: {
                    loader: () => import('./pages/cards/card-uses-data').then((m) => m.cardUsesLoader),
                    Component: () => import('./pages/cards/card-uses-page').then((m) => m.CardUsesPage),
                  },
                  handle: meta('title.cardUses', { back: '/cards' }),
                },
                {
                  path: 'orders/:id',
                  lazy: {
                    loader: () => import('./pages/orders/order-data').then((m) => m.orderLoader),
                    action: () => import('./pages/orders/order-data').then((m) => m.orderAction),
                    Component: () => import('./pages/orders/order-page').then((m) => m.OrderPage),
                  },
                  handle: meta('title.order', { back: '/me/orders' }),
                },
                {
                  path: 'me/orders',
                  lazy: {
                    loader: () => import('./pages/orders/order-data').then((m) => m.ordersLoader),
                    Component: () => import('./pages/orders/orders-page').then((m) => m.OrdersPage),
                  },
                  handle: meta('title.orders', { back: '/me' }),
                },
                {
                  path: 'notices',
                  lazy: {
                    loader: () => import('./pages/notices/notices-data').then((m) => m.noticesLoader),
                    action: () => import('./pages/notices/notices-data').then((m) => m.noticesAction),
                    Component: () => import('./pages/notices/notices-page').then((m) => m.NoticesPage),
                  },
                  handle: meta('title.notices', { back: '/me' }),
                },
                {
                  path: 'me',
                  loader: meLoader,
                  lazy: {
                    action: () => import('./pages/me/sign-out-action').then((m) => m.signOutAction),
                    Component: () => import('./pages/me/me-page').then((m) => m.MePage),
                  },
                  handle: meta('title.me'),
                },
                {
                  // 邀请好友 (issue 31).
                  path: 'me/invitations',
                  lazy: {
                    loader: () =>
                      import('./pages/invitations/invitations-data').then((m) => m.invitationsLoader),
                    Component: () =>
                      import('./pages/invitations/invitations-page').then((m) => m.InvitationsPage),
                  },
                  handle: meta('title.invitations', { back: '/me' }),
                },
                {
                  // 我关注的老师 (issue 31).
                  path: 'me/teachers',
                  lazy: {
                    loader: () => import('./pages/teachers/teachers-data').then((m) => m.myTeachersLoader),
                    Component: () => import('./pages/teachers/teachers-page').then((m) => m.TeachersPage),
                  },
                  handle: meta('title.myTeachers', { back: '/me' }),
                },
                {
                  // 家庭成员 (issue 30): whom the customer books for.
                  path: 'me/members',
                  lazy: {
                    loader: () => import('./pages/members/members-data').then((m) => m.membersLoader),
                    action: () => import('./pages/members/members-data').then((m) => m.membersAction),
                    Component: () => import('./pages/members/members-page').then((m) => m.MembersPage),
                  },
                  handle: meta('title.members', { back: '/me' }),
                },
                {
                  // The me page's name form posts here (issue 21): an action only, no page.
                  path: 'me/profile',
                  lazy: { action: () => import('./pages/me/profile-action').then((m) => m.profileAction) },
                },
              ],
            },
            {
              path: 'login',
              // Lazy loader and action: they fetch nothing, so loading them with the page costs no round trip.
              lazy: {
                loader: () => import('./pages/login/login-data').then((m) => m.loginLoader),
                action: () => import('./pages/login/login-data').then((m) => m.loginAction),
                Component: () => import('./pages/login/login-page').then((m) => m.LoginPage),
              },
              handle: meta('title.login', { back: '/' }),
            },
            {
              // The terms and privacy policy a customer consents to before signing in (issue 21).
              path: 'legal/:doc',
              lazy: { Component: () => import('./pages/legal/legal-page').then((m) => m.LegalPage) },
              handle: meta('title.legal', { back: '/login' }),
            },
            {
              path: ARTICLE_PATH,
              loader: articleLoader,
              lazy: { Component: () => import('./pages/article/article-page').then((m) => m.ArticlePage) },
              // The page sends its own trace mark with the article id once it is loaded.
              handle: meta('title.article', { autoReport: false, back: '/' }),
            },
            {
              path: '*',
              lazy: {
                Component: () => import('./pages/not-found/not-found-page').then((m) => m.NotFoundPage),
              },
              handle: meta('title.notFound', { back: '/' }),
            },
          ],
        },
      ],
    },
  ])
}
