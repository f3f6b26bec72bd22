declare const __CLIENTKIT_VERSION__: string;

/** The version of clientkit, sent in the `User-Agent` header as `clientkit/<version>`. */
export const VERSION: string = __CLIENTKIT_VERSION__;
