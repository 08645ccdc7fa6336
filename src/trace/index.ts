export { readValueSamples, type SampleSlice } from './readValueSamples.js';
export { ValueStoreError, ValueTokenError } from './ValueStoreError.js';
export { signValueToken, type ValuePosition, verifyValueToken } from './valueToken.js';
export { writeValueStore } from './writeValueStore.js';
