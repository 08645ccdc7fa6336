export { Distribution, DistributionError } from './Distribution.js';
