import { startLighthouseHost } from './lighthouse-host.mjs'
const host = await startLighthouseHost()
try {
  for (const path of (process.env.P ?? '/').split(',')) {
    for (let i = 0; i < Number(process.env.N ?? 2); i++) {
      const lhr = await host.audit(path, { onlyCategories: ['performance'], throttling: { cpuSlowdownMultiplier: 4 } })
      const m = lhr.audits.metrics.details.items[0]
      console.log(path, 'FCP', Math.round(lhr.audits['first-contentful-paint'].numericValue), 'LCP', Math.round(lhr.audits['largest-contentful-paint'].numericValue), 'observed FCP', m.observedFirstContentfulPaint, 'LCP', m.observedLargestContentfulPaint, 'DCL', m.observedDomContentLoaded)
      const el = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node
      console.log('  LCP element', el?.snippet?.slice(0, 120), el?.nodeLabel?.slice(0, 60))
      for (const r of lhr.audits['network-requests'].details.items) console.log('  ', Math.round(r.networkRequestTime), Math.round(r.networkEndTime), r.priority, r.resourceType, r.url.slice(-50))
    }
  }
} finally { await host.close() }
