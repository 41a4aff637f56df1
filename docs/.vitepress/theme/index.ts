/**
 * @module docs/theme
 * The site's theme: VitePress's default theme, with the components the pages use: the runnable examples of
 * the guides (`<RunnableExample>`, written by the runner's markdown plugin) and the frame that shows an OpenAPI
 * reference page (`<OpenApiReference>`). The state diagrams are pictures drawn before the build
 * (../diagrams/), shown in the reader's colour scheme by the style sheet.
 */
import type { Theme } from 'vitepress'
import DefaultTheme from 'vitepress/theme'
import RunnableExample from '../runner/RunnableExample.vue'
import OpenApiReference from './OpenApiReference.vue'
import './style.css'

export default {
  extends: DefaultTheme,
  enhanceApp({ app }) {
    app.component('RunnableExample', RunnableExample)
    app.component('OpenApiReference', OpenApiReference)
  },
} satisfies Theme
