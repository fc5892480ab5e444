/** The page served at `/` while the H5 app has not been built into the static folder. */
export function placeholderPage(staticDir: string, prefix: string): string {
  const escapeHtml = (text: string) =>
    text.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch] ?? ch)
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>xdance gateway</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.6;color:#222}code{background:#f3f3f3;padding:.1rem .3rem;border-radius:3px}</style>
</head>
<body>
<h1>xdance 网关已启动</h1>
<p>H5 应用还没有构建（The H5 app is not built yet）。</p>
<p>Build it with <code>pnpm --filter @xdance/h5 build</code>, or run <code>npm start</code> at the repository root
(it builds everything, then starts this gateway), and reload this page.</p>
<p>Looked for <code>index.html</code> in <code>${escapeHtml(staticDir)}</code>.</p>
<p>The API is answering under <code>${escapeHtml(prefix)}</code>; readiness: <a href="/healthz"><code>/healthz</code></a>.</p>
</body>
</html>
`
}
