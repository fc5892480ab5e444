/**
 * A `tel:` link of a phone number as the studio writes it (`021-6288 0000` → `tel:02162880000`).
 *
 * @example
 * telHref('021-6288 0000') // 'tel:02162880000'
 */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`
}

/**
 * A map link that works in China: Amap's (高德) URI API search for the address. It opens the Amap app when it is
 * installed and Amap's mobile web map otherwise, inside WeChat too (Google Maps is blocked in China). A search
 * rather than a marker, because the studio's data has an address but no coordinates.
 *
 * @example
 * mapHref('上海市静安区南京西路 1266 号') // 'https://uri.amap.com/search?keyword=%E4%B8%8A…'
 */
export function mapHref(address: string): string {
  return `https://uri.amap.com/search?keyword=${encodeURIComponent(address)}`
}
