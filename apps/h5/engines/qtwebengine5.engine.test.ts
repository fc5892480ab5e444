// Qt WebEngine 5.15 (Debian's python3-pyqt5.qtwebengine): Chromium 87, like many WeChat XWeb and Android System
// WebView installs.
import { engineSuite } from './support/engine-suite'
import { startQt } from './support/qt'

engineSuite({
  name: 'chromium-87-qtwebengine-5.15',
  needs: {
    file: '/usr/lib/python3/dist-packages/PyQt5/QtWebEngineWidgets.abi3.so',
    apt: 'python3-pyqt5.qtwebengine',
  },
  start: () => startQt(5),
})
