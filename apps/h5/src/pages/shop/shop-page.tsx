import type { Product } from '@xdance/contract'
import { Link, useFetcher, useLoaderData, useLocation } from 'react-router'
import { useMode, useT } from '../../app/app-context'
import { ACTION_KEY_FIELD } from '../../app/keyed-action'
import { useActionKey } from '../../app/use-action-key'
import { loginPath } from '../../auth/login-path'
import { ActionFailure } from '../../components/action-failure'
import { formatYuan } from '../../lib/money'
import button from '../../ui/button.module.css'
import { Chip } from '../../ui/chip'
import layout from '../../ui/layout.module.css'
import text from '../../ui/text.module.css'
import type { buyAction, ShopData, shopLoader } from './shop-data'

/**
 * `/shop?return=`: the membership cards on sale (credits, validity, price, price per class, the best value marked);
 * buying one opens its order to pay.
 * A trial card is sold once: taken, it says so instead of a buy button.
 */
export function ShopPage() {
  const data = useLoaderData<typeof shopLoader>()
  const t = useT()
  const mode = useMode()
  const location = useLocation()
  const best = bestValue(data.products)
  return (
    <div className={layout.page}>
      <div className={layout.pageHead}>
        <h1>{t('shop.title')}</h1>
        <p className={text.muted}>{t('shop.intro')}</p>
      </div>
      {/* Signed out, one way on for every card (not a sign-in link per card): the page's one primary action. */}
      {!data.signedIn && mode === 'web' && data.products.length > 0 && (
        <Link
          className={`${button.button} ${button.block}`}
          to={loginPath(`${location.pathname}${location.search}`)}
        >
          {t('shop.signInToBuy')}
        </Link>
      )}
      {data.products.length ? (
        <ul className={layout.list}>
          {data.products.map((product) => (
            <ProductCard key={product.id} product={product} data={data} best={product.id === best} />
          ))}
        </ul>
      ) : (
        <p className={layout.empty}>{t('shop.empty')}</p>
      )}
      {data.signedIn && (
        <Link className={`${button.ghost} ${button.block}`} to="/me/orders">
          {t('shop.orders')}
        </Link>
      )}
    </div>
  )
}

/**
 * The product of the lowest price per class, when there is a choice (two cards or more that are not trials): the one
 * the page marks and whose buy button is the page's primary action.
 *
 * @example
 * bestValue([{ id: 1, credits: 10, priceFen: 88000, trial: false }, { id: 2, credits: 20, priceFen: 158000, trial: false }]) // 2
 */
export function bestValue(
  products: readonly Pick<Product, 'id' | 'credits' | 'priceFen' | 'trial'>[],
): number | undefined {
  const cards = products.filter((product) => !product.trial && product.credits > 0)
  if (cards.length < 2) return undefined
  return cards.reduce((a, b) => (b.priceFen / b.credits < a.priceFen / a.credits ? b : a)).id
}

function ProductCard({ product, data, best }: { product: Product; data: ShopData; best: boolean }) {
  const t = useT()
  const fetcher = useFetcher<typeof buyAction>()
  const busy = fetcher.state !== 'idle'
  // One intent, one key: a retry after a lost answer is the same order, never a second one. A success leaves for the
  // order's page, so the key is never reused for another purchase.
  const key = useActionKey(false)
  const headingId = `product-${product.id}`
  const query = data.returnTo ? `?return=${encodeURIComponent(data.returnTo)}` : ''
  const taken = product.trial ? data.trialOrder : null
  return (
    <li className={`${layout.card} ${layout.section}`} data-testid="product">
      <div className={layout.spread}>
        <h2 id={headingId}>{product.name}</h2>
        <strong className={text.price}>{formatYuan(t, product.priceFen)}</strong>
      </div>
      <p className={layout.spread}>
        <span className={text.small} data-testid="price-per-class">
          {t('shop.perClass', { price: formatYuan(t, Math.round(product.priceFen / product.credits)) })}
        </span>
        {best && (
          <Chip tone="ok" data-testid="best-value">
            {t('shop.bestValue')}
          </Chip>
        )}
      </p>
      <p className={layout.row}>
        <Chip>{t('shop.credits', { count: product.credits })}</Chip>
        <Chip tone="muted">{t('shop.valid', { days: product.validDays })}</Chip>
        {product.trial && <Chip tone="ok">{t('shop.trial')}</Chip>}
      </p>
      {product.description && <p className={text.hint}>{product.description}</p>}
      {taken?.status === 'paid' ? (
        <p className={text.hint} data-testid="trial-used">
          {t('shop.trialUsed')}
        </p>
      ) : taken ? (
        <p className={layout.spread} data-testid="trial-pending">
          <span className={text.hint}>{t('shop.trialPending')}</span>
          <Link className={button.ghost} to={`/orders/${taken.id}${query}`}>
            {t('shop.payPending')}
          </Link>
        </p>
      ) : !data.signedIn ? null : (
        <fetcher.Form method="post" action={`/shop${query}`}>
          <input type="hidden" name="productId" value={product.id} />
          <input type="hidden" name={ACTION_KEY_FIELD} value={key} />
          <button
            type="submit"
            // One primary action on the page: the best value's; the others are quieter.
            className={`${best || data.products.length < 2 ? button.button : button.ghost} ${button.block}`}
            disabled={busy}
            aria-describedby={headingId}
          >
            {busy ? t('shop.buying') : t('shop.buy')}
          </button>
          {fetcher.data && !(fetcher.data instanceof Response) && <ActionFailure failure={fetcher.data} />}
        </fetcher.Form>
      )}
    </li>
  )
}
