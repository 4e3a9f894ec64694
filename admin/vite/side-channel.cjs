'use strict'

/**
 * The `side-channel` interface (qs's memory of the objects it has walked, see
 * narrow-imports.ts) on the browser's own WeakMap for objects and Map for the
 * other keys.
 */
module.exports = function getSideChannel() {
  let objects
  let others
  const isObject = (key) => key !== null && (typeof key === 'object' || typeof key === 'function')
  const storeOf = (key, create) => {
    if (isObject(key)) return objects || (create ? (objects = new WeakMap()) : undefined)
    return others || (create ? (others = new Map()) : undefined)
  }
  const channel = {
    assert(key) {
      if (!channel.has(key)) throw new TypeError('Side channel does not contain the given key')
    },
    delete: (key) => Boolean(storeOf(key, false)?.delete(key)),
    get: (key) => storeOf(key, false)?.get(key),
    has: (key) => Boolean(storeOf(key, false)?.has(key)),
    set(key, value) {
      storeOf(key, true).set(key, value)
    },
  }
  return channel
}
