import { encode } from 'uqr'
import styles from './qr-code.module.css'

/**
 * A QR code as one SVG path (uqr encodes; a path per dark run keeps the markup small and crisp at any size). Its
 * `label` is what a screen reader says; the encoded text is on `data-code` for tests and support.
 *
 * @example
 * <QrCode value="weixin://wxpay/bizpayurl?pr=abc" label="微信支付二维码" />
 */
export function QrCode({ value, label }: { value: string; label: string }) {
  const { size, data } = encode(value, { ecc: 'M', border: 2 })
  let path = ''
  data.forEach((row, y) => {
    let x = 0
    while (x < size) {
      if (!row[x]) {
        x += 1
        continue
      }
      const start = x
      while (x < size && row[x]) x += 1
      path += `M${start} ${y}h${x - start}v1h${start - x}z`
    }
  })
  return (
    <svg
      className={styles.qr}
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      data-testid="pay-qr"
      data-code={value}
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}
