/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The payment gateway's base URL in a production build (the PIN service is part of it). */
  readonly VITE_GATEWAY_URL?: string
  /** Where the merchant backend answers `/api/orders`; empty or absent: the page's own origin. */
  readonly VITE_BACKEND_URL?: string
}
