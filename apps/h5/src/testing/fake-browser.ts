import { configureBrowser, resetBrowser } from '@xdance/session'

/** A cookie jar behind `document.cookie` that honours `Max-Age` (enough for the session seam in unit tests). */
export function fakeCookieJar(initial: Record<string, string> = {}) {
  const jar = new Map(Object.entries(initial))
  const written: string[] = []
  const document = {
    get cookie() {
      return [...jar].map(([name, value]) => `${name}=${value}`).join('; ')
    },
    set cookie(line: string) {
      written.push(line)
      const [pair = '', ...attributes] = line.split(/;\s*/)
      const split = pair.indexOf('=')
      const name = pair.slice(0, split)
      const maxAge = attributes.find((attribute) => /^max-age=/i.test(attribute))
      if (maxAge && Number(maxAge.split('=')[1]) <= 0) jar.delete(name)
      else jar.set(name, pair.slice(split + 1))
    },
  }
  return { document, jar, written }
}

/** Installs a fake document (cookies) and in-memory storages in the session package's browser seam. */
export function installFakeBrowser(cookies: Record<string, string> = {}, href = 'http://h5.test/') {
  const fake = fakeCookieJar(cookies)
  const storage = () => {
    const map = new Map<string, string>()
    return {
      getItem: (key: string) => map.get(key) ?? null,
      setItem: (key: string, value: string) => void map.set(key, String(value)),
      removeItem: (key: string) => void map.delete(key),
      clear: () => map.clear(),
      key: (index: number) => [...map.keys()][index] ?? null,
      get length() {
        return map.size
      },
    } as Storage
  }
  const localStorage = storage()
  const sessionStorage = storage()
  configureBrowser({
    document: fake.document,
    localStorage,
    sessionStorage,
    location: { href, protocol: new URL(href).protocol },
  })
  return { ...fake, localStorage, sessionStorage, reset: resetBrowser }
}
