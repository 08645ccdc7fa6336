export type { UxValue } from './UxValue.js';
