import { getQueryParam, parseUrl, withQuery } from '@xdance/url'

// A hash-router share link, as the page sees it in location.href.
const shared = 'https://h5.xdance.example/#/marketing/article?id=42&sharer=li+na'

console.log(getQueryParam(shared, 'id')) // '42'
console.log(getQueryParam(shared, 'sharer')) // 'li na'
console.log(getQueryParam(shared, 'missing')) // null

const parsed = parseUrl('/classes?style=jazz&style=tap', 'https://h5.xdance.example/app/')
console.log(parsed?.href) // 'https://h5.xdance.example/classes?style=jazz&style=tap'
console.log(parsed?.query.style) // ['jazz', 'tap']

console.log(withQuery('/classes?style=jazz#list', { page: 2, level: 'beginner 1' }))
// '/classes?style=jazz&page=2&level=beginner%201#list'
