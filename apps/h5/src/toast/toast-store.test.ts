import { describe, expect, it } from 'vitest'
import { createToastStore } from './toast-store'

function manualTimers() {
  const pending: Array<() => void> = []
  return {
    schedule: (fn: () => void) => pending.push(fn),
    runAll: () => {
      for (const fn of pending.splice(0)) fn()
    },
  }
}

describe('toast store', () => {
  it('shows a message with its kind and removes it when its time is up', () => {
    const timers = manualTimers()
    const store = createToastStore(timers.schedule)
    store.show('请求超时，请重试', 'timeout')
    expect(store.list()).toMatchObject([{ message: '请求超时，请重试', kind: 'timeout' }])
    timers.runAll()
    expect(store.list()).toEqual([])
  })

  it('does not stack the same message twice while it is visible', () => {
    const store = createToastStore(manualTimers().schedule)
    store.show('请求错误，请稍后重试', 'error')
    store.show('请求错误，请稍后重试', 'error')
    expect(store.list()).toHaveLength(1)
  })

  it('keeps at most three toasts, dropping the oldest', () => {
    const store = createToastStore(manualTimers().schedule)
    for (const message of ['a', 'b', 'c', 'd']) store.show(message)
    expect(store.list().map((toast) => toast.message)).toEqual(['b', 'c', 'd'])
  })

  it('keeps markup as literal text', () => {
    const store = createToastStore(manualTimers().schedule)
    store.show('<img src=x onerror=alert(1)>', 'error')
    expect(store.list()[0]?.message).toBe('<img src=x onerror=alert(1)>')
  })

  it('ignores an empty message', () => {
    const store = createToastStore(manualTimers().schedule)
    store.show('')
    expect(store.list()).toEqual([])
  })

  it('tells subscribers about changes until they unsubscribe', () => {
    const store = createToastStore(manualTimers().schedule)
    let calls = 0
    const unsubscribe = store.subscribe(() => calls++)
    store.show('a')
    store.dismiss(store.list()[0]?.id ?? -1)
    unsubscribe()
    store.show('b')
    expect(calls).toBe(2)
  })

  it('dismisses the toasts shown before a mark and keeps the newer ones (a new page keeps its own)', () => {
    const store = createToastStore(manualTimers().schedule)
    store.show('old page')
    const mark = store.mark()
    store.show('signed out')
    let calls = 0
    store.subscribe(() => calls++)
    store.dismissBefore(mark)
    expect(store.list().map((toast) => toast.message)).toEqual(['signed out'])
    store.dismissBefore(mark)
    expect(calls).toBe(1)
    store.dismissBefore(store.mark())
    expect(store.list()).toEqual([])
  })
})
