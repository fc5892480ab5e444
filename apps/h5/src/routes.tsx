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
          lazy: { loader: async () => (await import('./pages/notices/notices-data')).unreadLoader },
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
              lazy: { Component: async () => (await import('./pages/home/home-page')).HomePage },
              handle: meta('title.home'),
            },
            {
              path: 'schedule',
              // Lazy since issue 21 (search, time of day, the two weeks' list) took the entry over its budget.
              lazy: {
                loader: async () => (await import('./pages/schedule/schedule-data')).scheduleLoader,
                Component: async () => (await import('./pages/schedule/schedule-page')).SchedulePage,
              },
              handle: meta('title.schedule'),
            },
            {
              // Public; its book action checks the sign-in itself.
              path: 'classes/:id',
              lazy: {
                loader: async () => (await import('./pages/class/class-data')).classLoader,
                action: async () => (await import('./pages/class/book-action')).bookAction,
                Component: async () => (await import('./pages/class/class-page')).ClassPage,
              },
              handle: meta('title.class', { back: '/schedule' }),
            },
            {
              // An action only (the class page's waitlist form); a visit goes to the class.
              path: 'classes/:id/waitlist',
              lazy: {
                loader: async () => (await import('./pages/class/waitlist-data')).waitlistLoader,
                action: async () => (await import('./pages/class/waitlist-data')).waitlistAction,
              },
            },
            {
              // Public; its buy action checks the sign-in itself.
              path: 'shop',
              lazy: {
                loader: async () => (await import('./pages/shop/shop-data')).shopLoader,
                action: async () => (await import('./pages/shop/shop-data')).buyAction,
                Component: async () => (await import('./pages/shop/shop-page')).ShopPage,
              },
              handle: meta('title.shop', { back: '/me' }),
            },
            {
              path: 'teachers',
              lazy: {
                loader: async () => (await import('./pages/teachers/teachers-data')).teachersLoader,
                Component: async () => (await import('./pages/teachers/teachers-page')).TeachersPage,
              },
              handle: meta('title.teachers', { back: '/' }),
            },
            {
              // An action only: the heart on a teacher's page (issue 31); it checks the sign-in itself.
              path: 'teachers/:id/follow',
              lazy: { action: async () => (await import('./pages/teachers/teachers-data')).followAction },
            },
            {
              // No page: a teacher's ratings, read by the class page's fetcher (issue 31).
              path: 'teachers/:id/ratings',
              lazy: {
                loader: async () => (await import('./pages/teachers/ratings-data')).teacherRatingsLoader,
              },
            },
            {
              path: 'teachers/:id',
              lazy: {
                loader: async () => (await import('./pages/teachers/teachers-data')).teacherLoader,
                Component: async () => (await import('./pages/teachers/teacher-page')).TeacherPage,
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
                    loader: async () => (await import('./pages/bookings/bookings-data')).bookingsLoader,
                    action: async () => (await import('./pages/bookings/cancel-action')).cancelAction,
                    Component: async () => (await import('./pages/bookings/bookings-page')).BookingsPage,
                  },
                  handle: meta('title.bookings'),
                },
                {
                  // An action only: 我的课程's rating form (issue 31).
                  path: 'bookings/:id/rating',
                  lazy: { action: async () => (await import('./pages/bookings/rating-action')).ratingAction },
                },
                {
                  // No page: a booking's check-in code, fetched by 我的课程 every minute while it shows (issue 30).
                  path: 'bookings/:id/check-in',
                  lazy: {
                    loader: async () => (await import('./pages/bookings/check-in-data')).checkInCodeLoader,
                  },
                },
                {
                  path: 'check-in',
                  lazy: {
                    loader: async () => (await import('./pages/check-in/check-in-data')).doorLoader,
                    action: async () => (await import('./pages/check-in/check-in-data')).doorAction,
                    Component: async () => (await import('./pages/check-in/check-in-page')).CheckInPage,
                  },
                  handle: meta('title.checkIn', { back: '/bookings' }),
                },
                {
                  path: 'cards',
                  loader: cardsLoader,
                  lazy: { Component: async () => (await import('./pages/cards/cards-page')).CardsPage },
                  handle: meta('title.cards', { back: '/me' }),
                },
                {
                  // 使用记录 (issue 30): each booking a card paid for, whom for, attended or missed.
                  path: 'cards/:id',
                  lazy: {
                    loader: async () => (await import('./pages/cards/card-uses-data')).cardUsesLoader,
                    Component: async () => (await import('./pages/cards/card-uses-page')).CardUsesPage,
                  },
                  handle: meta('title.cardUses', { back: '/cards' }),
                },
                {
                  path: 'orders/:id',
                  lazy: {
                    loader: async () => (await import('./pages/orders/order-data')).orderLoader,
                    action: async () => (await import('./pages/orders/order-data')).orderAction,
                    Component: async () => (await import('./pages/orders/order-page')).OrderPage,
                  },
                  handle: meta('title.order', { back: '/me/orders' }),
                },
                {
                  path: 'me/orders',
                  lazy: {
                    loader: async () => (await import('./pages/orders/order-data')).ordersLoader,
                    Component: async () => (await import('./pages/orders/orders-page')).OrdersPage,
                  },
                  handle: meta('title.orders', { back: '/me' }),
                },
                {
                  path: 'notices',
                  lazy: {
                    loader: async () => (await import('./pages/notices/notices-data')).noticesLoader,
                    action: async () => (await import('./pages/notices/notices-data')).noticesAction,
                    Component: async () => (await import('./pages/notices/notices-page')).NoticesPage,
                  },
                  handle: meta('title.notices', { back: '/me' }),
                },
                {
                  path: 'me',
                  loader: meLoader,
                  lazy: {
                    action: async () => (await import('./pages/me/sign-out-action')).signOutAction,
                    Component: async () => (await import('./pages/me/me-page')).MePage,
                  },
                  handle: meta('title.me'),
                },
                {
                  // 邀请好友 (issue 31).
                  path: 'me/invitations',
                  lazy: {
                    loader: async () =>
                      (await import('./pages/invitations/invitations-data')).invitationsLoader,
                    Component: async () =>
                      (await import('./pages/invitations/invitations-page')).InvitationsPage,
                  },
                  handle: meta('title.invitations', { back: '/me' }),
                },
                {
                  // 我关注的老师 (issue 31).
                  path: 'me/teachers',
                  lazy: {
                    loader: async () => (await import('./pages/teachers/teachers-data')).myTeachersLoader,
                    Component: async () => (await import('./pages/teachers/teachers-page')).TeachersPage,
                  },
                  handle: meta('title.myTeachers', { back: '/me' }),
                },
                {
                  // 家庭成员 (issue 30): whom the customer books for.
                  path: 'me/members',
                  lazy: {
                    loader: async () => (await import('./pages/members/members-data')).membersLoader,
                    action: async () => (await import('./pages/members/members-data')).membersAction,
                    Component: async () => (await import('./pages/members/members-page')).MembersPage,
                  },
                  handle: meta('title.members', { back: '/me' }),
                },
                {
                  // The me page's name form posts here (issue 21): an action only, no page.
                  path: 'me/profile',
                  lazy: { action: async () => (await import('./pages/me/profile-action')).profileAction },
                },
              ],
            },
            {
              path: 'login',
              // Lazy loader and action: they fetch nothing, so loading them with the page costs no round trip.
              lazy: {
                loader: async () => (await import('./pages/login/login-data')).loginLoader,
                action: async () => (await import('./pages/login/login-data')).loginAction,
                Component: async () => (await import('./pages/login/login-page')).LoginPage,
              },
              handle: meta('title.login', { back: '/' }),
            },
            {
              // The terms and privacy policy a customer consents to before signing in (issue 21).
              path: 'legal/:doc',
              lazy: { Component: async () => (await import('./pages/legal/legal-page')).LegalPage },
              handle: meta('title.legal', { back: '/login' }),
            },
            {
              path: ARTICLE_PATH,
              loader: articleLoader,
              lazy: { Component: async () => (await import('./pages/article/article-page')).ArticlePage },
              // The page sends its own trace mark with the article id once it is loaded.
              handle: meta('title.article', { autoReport: false, back: '/' }),
            },
            {
              path: '*',
              lazy: {
                Component: async () => (await import('./pages/not-found/not-found-page')).NotFoundPage,
              },
              handle: meta('title.notFound', { back: '/' }),
            },
          ],
        },
      ],
    },
  ])
}
