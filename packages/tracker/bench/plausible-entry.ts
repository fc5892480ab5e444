// The official Plausible tracker (npm @plausible-analytics/tracker) as its README sets it up, pointed at the bench's
// loopback collector. captureOnLocalhost: it otherwise ignores 127.0.0.1 and browsers driven by automation.
import { init } from '@plausible-analytics/tracker'

export function boot(): void {
  init({
    domain: 'bench.example',
    endpoint: `${location.origin}/api/event`,
    autoCapturePageviews: true,
    captureOnLocalhost: true,
    logging: false,
  })
}
