/**
 * Layout of a value store file (little-endian), one file per task:
 *
 * | offset      | type           | field                                       |
 * |-------------|----------------|---------------------------------------------|
 * | 0           | 8 bytes        | magic `UXKVALS1`                            |
 * | 8           | uint32         | N, the number of values                     |
 * | 12          | uint32         | reserved (0)                                |
 * | 16 + 16*i   | uint64, uint64 | value i: byte offset of its samples, count  |
 * | ...         | float64[count] | value i's samples, in run order             |
 *
 * Samples start 8-byte aligned, so a slice is one positional read.
 */
export const VALUE_STORE_MAGIC = 'UXKVALS1';
export const VALUE_STORE_HEADER_BYTES = 16;
export const VALUE_STORE_ENTRY_BYTES = 16;
