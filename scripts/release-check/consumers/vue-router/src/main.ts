// A Vue 3 + Vue Router 4 app with @xdance/tracker from the registry, route meta as Vue apps declare it.
// The release check clicks / -> /go -> /courses/7 and closes the page: /go's meta says visitReport: false, so
// exactly two visits must arrive, / and /courses/7.
import { createTracker } from '@xdance/tracker'
import { trackRoutes } from '@xdance/tracker/vue-router'
import { createApp } from 'vue'
import { createRouter, createWebHistory } from 'vue-router'
import App from './App.vue'

const Empty = { render: () => null }
const router = createRouter({
  history: createWebHistory(),
  routes: [
    { path: '/', component: Empty, meta: { title: 'Classes', next: '/go' } },
    { path: '/go', component: Empty, meta: { title: 'Redirecting', next: '/courses/7', visitReport: false } },
    { path: '/courses/7', component: Empty, meta: { title: 'Course 7' } },
  ],
})

// minDuration 0: the check clicks through as fast as the page renders, and every visit counts.
const tracker = createTracker({ reportURL: import.meta.env.VITE_REPORT_URL, minDuration: 0 })
tracker.start()
trackRoutes(router, tracker)

createApp(App).use(router).mount('#app')
