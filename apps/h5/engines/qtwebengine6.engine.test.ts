// Qt WebEngine 6.4 (Debian's python3-pyqt6.qtwebengine): Chromium 102.
import { engineSuite } from './support/engine-suite'
import { startQt } from './support/qt'

engineSuite({
  name: 'chromium-102-qtwebengine-6.4',
  needs: {
    file: '/usr/lib/python3/dist-packages/PyQt6/QtWebEngineWidgets.abi3.so',
    apt: 'python3-pyqt6.qtwebengine',
  },
  start: () => startQt(6),
})
