/// <reference types="vite-plugin-pwa/vanillajs" />

declare module 'virtual:kobo-icon-sprite' {
  /** The address of the icon sprite: one <symbol id="<name>-<16|20>"> per icon the sources name. */
  export const spriteUrl: string;
}
