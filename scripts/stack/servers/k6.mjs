// k6, the load generator of loadtests/k6, built from its Go module. Only obtained: nothing starts
// it; `npm run bench:k6` runs the binary at k6Binary.
import { goBinary, goInstall } from './go-build.mjs';

export const k6Version = 'v1.8.1';
export const k6Binary = goBinary('k6', k6Version);

export const k6 = {
  name: 'k6',
  source: `go.k6.io/k6@${k6Version}, built with go install`,
  obtain() {
    return goInstall('k6', 'go.k6.io/k6', k6Version);
  },
};
