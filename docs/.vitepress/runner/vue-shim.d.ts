/**
 * @module docs/runner/vue-shim
 * What TypeScript knows of a `.vue` file imported from TypeScript (the theme imports
 * RunnableExample.vue): a Vue component, as VitePress's `Theme` types one, without importing `vue` itself.
 * Vite compiles the file; TypeScript does not read it.
 */
declare module '*.vue' {
  const component: NonNullable<import('vitepress').Theme['Layout']>
  export default component
}
