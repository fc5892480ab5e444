// WPE WebKit 2.38 (Debian's libwpewebkit-1.1-0, its WebDriver and cog on cog's headless platform): the engine of
// iOS 16 Safari and WeChat on iOS 16.
import { engineSuite } from './support/engine-suite'
import { startWebDriver } from './support/webdriver'

engineSuite({
  name: 'wpewebkit-2.38',
  needs: { file: '/usr/bin/WPEWebDriver', apt: 'wpewebkit-driver cog' },
  start: () =>
    startWebDriver(['/usr/bin/WPEWebDriver'], {
      'wpe:browserOptions': { binary: '/usr/bin/cog', args: ['--automation', '--platform=headless'] },
    }),
})
