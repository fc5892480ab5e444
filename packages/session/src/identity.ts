import { OPEN_ID_KEY, ORG_ID_KEY, USER_ID_KEY } from './constants'
import { readStorage, writeStorage } from './storage'

/**
 * The stored organisation id (local storage `orgId`), or `undefined`.
 * @example
 * getOrgId() // '42'
 */
export const getOrgId = (): string | undefined => readStorage('local', ORG_ID_KEY)

/**
 * Stores the organisation id. False when it could only be kept in memory for this page.
 * @example
 * setOrgId('42') // true
 */
export const setOrgId = (value: string): boolean => writeStorage('local', ORG_ID_KEY, value)

/**
 * The stored visitor open id (local storage `openId`), or `undefined`.
 * @example
 * getOpenId() // 'o-abc'
 */
export const getOpenId = (): string | undefined => readStorage('local', OPEN_ID_KEY)

/**
 * Stores the visitor open id. False when it could only be kept in memory for this page.
 * @example
 * setOpenId('o-abc') // true
 */
export const setOpenId = (value: string): boolean => writeStorage('local', OPEN_ID_KEY, value)

/**
 * The stored user id (local storage `userId`), or `undefined`.
 * @example
 * getUserId() // '1001'
 */
export const getUserId = (): string | undefined => readStorage('local', USER_ID_KEY)

/**
 * Stores the user id. False when it could only be kept in memory for this page.
 * @example
 * setUserId('1001') // true
 */
export const setUserId = (value: string): boolean => writeStorage('local', USER_ID_KEY, value)
