/**
 * What an endpoint needs of the `dispatcher` option: an undici `Dispatcher` (`Agent`,
 * `ProxyAgent`, `MockAgent`, …), described by its `dispatch` method alone. Declared here rather
 * than imported from undici so that core's public types stay free of undici's and Node's
 * declarations: a program that only imports core (a bundler plugin's, an editor's) reads less.
 * Any undici dispatcher fits; undici remains how requests are sent.
 */
export interface RequestDispatcher {
  /** undici's low-level entry point, through which its `request` sends. */
  dispatch(options: object, handler: object): boolean;
}
