import { isIP } from 'node:net'

/**
 * True for an address or host name that only this machine can reach: 127.0.0.0/8, ::1 (with or without brackets),
 * IPv4-mapped loopback and `localhost`.
 */
export function isLoopback(host: string): boolean {
  const bare = host.toLowerCase().replace(/^\[(.*)\]$/, '$1')
  if (bare === 'localhost' || bare.endsWith('.localhost')) return true
  const v4 = bare.replace(/^::ffff:/, '')
  if (isIP(v4) === 4) return v4.startsWith('127.')
  return isIP(bare) === 6 && /^(0{0,4}:){0,7}:?0{0,3}1$/.test(bare)
}

/** A bound address as it goes in a URL: IPv6 in brackets. */
export function urlHost(address: string): string {
  return address.includes(':') ? `[${address}]` : address
}
