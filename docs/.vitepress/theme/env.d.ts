/**
 * @module docs/theme/env
 * What TypeScript knows of a style sheet the theme imports for its side effect: Vite bundles it, TypeScript
 * does not read it.
 */
declare module '*.css' {}
