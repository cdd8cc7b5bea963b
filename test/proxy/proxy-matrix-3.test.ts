// The proxy as a judge of traffic, part 3 of 4 (test/proxy/proxy-matrix.ts): the parts run side by side.
import { proxyMatrix } from './proxy-matrix.js'

proxyMatrix({ index: 3, count: 4 })
