declare module 'virtual:kobo-icon-paths' {
  /** Per icon name, a loader of its paths for each size (16 and 20 px). */
  export const iconPaths: Record<string, Record<number, () => Promise<string[]>>>;
}
