// Types of k6.mjs for scripts/bench-k6.ts.
export declare const k6Version: string;
/** Where `npm run stack:up` builds the k6 binary. */
export declare const k6Binary: string;
