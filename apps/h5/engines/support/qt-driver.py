#!/usr/bin/env python3
"""A Qt WebEngine page driven over stdin/stdout, one JSON object a line, for the engine journeys.

Usage: qt-driver.py 5|6   (PyQt5: Chromium 87; PyQt6: Chromium 102)
Requests: {"id": 1, "op": "load", "url": "..."}, {"id": 2, "op": "execute", "body": "return 1"},
{"id": 3, "op": "screenshot", "file": "x.png"}, {"id": 4, "op": "quit"}. Answers: {"id": 1, "value": ...} or
{"id": 1, "error": "..."}. The first line printed is {"ready": true, "userAgent": "..."}.
"""
import json
import sys
import os
import select

if sys.argv[1:] == ["6"]:
    from PyQt6.QtCore import Qt, QCoreApplication, QTimer, QUrl
    from PyQt6.QtWebEngineCore import QWebEnginePage, QWebEngineProfile
    from PyQt6.QtWebEngineWidgets import QWebEngineView
    from PyQt6.QtWidgets import QApplication
else:
    from PyQt5.QtCore import Qt, QCoreApplication, QTimer, QUrl
    from PyQt5.QtWebEngineWidgets import QWebEnginePage, QWebEngineProfile, QWebEngineView
    from PyQt5.QtWidgets import QApplication


def reply(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main():
    # Software OpenGL: the offscreen platform has no GL context, and Qt WebEngine aborts without one.
    attr = getattr(Qt, "ApplicationAttribute", Qt)
    QCoreApplication.setAttribute(attr.AA_UseSoftwareOpenGL)
    app = QApplication(sys.argv[:1] + ["--no-sandbox"])
    view = QWebEngineView()
    # An off-the-record profile (no storage name): each run is a new phone. The default profile keeps cookies and
    # storage on disk across runs, so a run would start signed in with an earlier gateway's token.
    profile = QWebEngineProfile(view)
    page = QWebEnginePage(profile, view)
    view.setPage(page)
    view.resize(390, 844)
    view.show()
    pending_load = []

    def on_load(ok):
        while pending_load:
            reply({"id": pending_load.pop(0), "value": bool(ok)})

    page.loadFinished.connect(on_load)

    def handle(line):
        # An exception escaping a slot aborts PyQt5: every failure is answered instead.
        rid = None
        try:
            req = json.loads(line)
            rid = req.get("id")
            run(rid, req)
        except Exception as error:  # noqa: BLE001
            reply({"id": rid, "error": repr(error)})

    def run(rid, req):
        op = req.get("op")
        if op == "load":
            pending_load.append(rid)
            view.load(QUrl(req["url"]))
        elif op == "execute":
            script = "JSON.stringify((function(){" + req["body"] + "\n})())"

            def answer(value):
                try:
                    reply({"id": rid, "value": json.loads(value) if value else None})
                except Exception as error:  # noqa: BLE001
                    reply({"id": rid, "error": repr(error)})

            page.runJavaScript(script, answer)
        elif op == "screenshot":
            view.grab().save(req["file"], "PNG")
            reply({"id": rid, "value": True})
        elif op == "quit":
            reply({"id": rid, "value": True})
            app.quit()

    # stdin is polled from Qt's event loop (every 20 ms), so every request runs on the GUI thread.
    buffer = [b""]

    def poll():
        while select.select([sys.stdin], [], [], 0)[0]:
            chunk = os.read(sys.stdin.fileno(), 65536)
            if not chunk:
                handle('{"op": "quit"}')
                return
            buffer[0] += chunk
            while b"\n" in buffer[0]:
                line, buffer[0] = buffer[0].split(b"\n", 1)
                if line.strip():
                    handle(line.decode("utf-8"))

    timer = QTimer()
    timer.timeout.connect(poll)
    timer.start(20)
    reply({"ready": True, "userAgent": profile.httpUserAgent(), "offTheRecord": profile.isOffTheRecord()})
    app.exec() if hasattr(app, "exec") else app.exec_()


main()
