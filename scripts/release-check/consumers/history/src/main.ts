// A page without a router framework: its links change the URL with history.pushState, and @xdance/tracker/history
// (from the registry) reports each page. The release check clicks / -> /go -> /courses/7 and closes the page: the
// meta callback says visitReport: false for /go, so exactly two visits must arrive, / and /courses/7.
import { createTracker, type RouteMeta } from '@xdance/tracker'
import { trackHistory } from '@xdance/tracker/history'

const PAGES: Record<string, { title: string; next?: string; meta?: RouteMeta }> = {
  '/': { title: 'Classes', next: '/go' },
  '/go': { title: 'Redirecting', next: '/courses/7', meta: { visitReport: false } },
  '/courses/7': { title: 'Course 7' },
}

const heading = document.querySelector('h1') as HTMLHeadingElement
const link = document.querySelector('a') as HTMLAnchorElement

function render() {
  const page = PAGES[location.pathname] ?? { title: 'Not found' }
  heading.textContent = page.title
  link.hidden = !page.next
  link.href = page.next ?? '/'
}

link.addEventListener('click', (event) => {
  event.preventDefault()
  history.pushState(null, '', link.getAttribute('href'))
  render()
})
addEventListener('popstate', render)
render()

// minDuration 0: the check clicks through as fast as the page renders, and every visit counts.
const tracker = createTracker({ reportURL: import.meta.env.VITE_REPORT_URL, minDuration: 0 })
tracker.start()
trackHistory(tracker, { meta: (path) => PAGES[path]?.meta })
