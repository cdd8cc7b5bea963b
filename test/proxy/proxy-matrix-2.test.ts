// The proxy as a judge of traffic, part 2 of 4 (test/proxy/proxy-matrix.ts): the parts run side by side.
import { proxyMatrix } from './proxy-matrix.js'

proxyMatrix({ index: 2, count: 4 })
