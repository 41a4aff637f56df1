/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The payment gateway's base URL in a production build (the PIN service is part of it). */
  readonly VITE_GATEWAY_URL?: string
}
