import { describe, expect, it } from 'vitest';
import { parseDwarfVariables } from '../../../src/engine/trace/parseDwarfVariables.js';

// Shaped like `readelf --debug-dump=info --wide` of gcc 12 -g output (binutils 2.40).
const DUMP = `Contents of the .debug_info section:

  Compilation Unit @ offset 0:
 <0><c>: Abbrev Number: 4 (DW_TAG_compile_unit)
    <12>   DW_AT_name        : (line_strp) (offset: 0x6): /work/src/main.c
 <1><2d>: Abbrev Number: 1 (DW_TAG_base_type)
    <2f>   DW_AT_name        : (strp) (offset: 0x61): double
 <1><42>: Abbrev Number: 2 (DW_TAG_base_type)
    <44>   DW_AT_name        : (string) int
 <1><50>: Abbrev Number: 3 (DW_TAG_pointer_type)
    <51>   DW_AT_type        : (ref4) <0x2d>
 <1><60>: Abbrev Number: 5 (DW_TAG_variable)
    <61>   DW_AT_name        : (string) total
    <63>   DW_AT_decl_file   : (data1) 1
    <64>   DW_AT_decl_line   : (data1) 3
    <65>   DW_AT_type        : (ref4) <0x42>
 <1><70>: Abbrev Number: 6 (DW_TAG_variable)
    <71>   DW_AT_name        : (strp) (offset: 0x10): stdin
    <73>   DW_AT_decl_file   : (data1) 2
    <74>   DW_AT_decl_line   : (data1) 143
    <75>   DW_AT_type        : (ref4) <0x50>
 <1><86>: Abbrev Number: 7 (DW_TAG_subprogram)
    <8a>   DW_AT_name        : (strp) (offset: 0x2e): main
    <8b>   DW_AT_decl_file   : (data1) 1
 <2><a1>: Abbrev Number: 8 (DW_TAG_formal_parameter)
    <a2>   DW_AT_name        : (string) p
    <a3>   DW_AT_decl_file   : (data1) 1
    <a4>   DW_AT_decl_line   : (data1) 5
    <a5>   DW_AT_type        : (ref4) <0x50>
 <2><b0>: Abbrev Number: 9 (DW_TAG_lexical_block)
 <3><bf>: Abbrev Number: 5 (DW_TAG_variable)
    <c0>   DW_AT_name        : (string) x
    <c1>   DW_AT_decl_file   : (data1) 1
    <c2>   DW_AT_decl_line   : (data1) 7
    <c3>   DW_AT_type        : (ref4) <0x2d>
 <3><c8>: Abbrev Number: 0
 <2><c9>: Abbrev Number: 0
 <1><d0>: Abbrev Number: 5 (DW_TAG_variable)
    <d1>   DW_AT_name        : (string) __uxkit_hidden
    <d2>   DW_AT_decl_file   : (data1) 1
    <d3>   DW_AT_decl_line   : (data1) 9
    <d4>   DW_AT_type        : (ref4) <0x42>
`;

describe('parseDwarfVariables', () => {
  it('lists globals, parameters and block variables of the unit\'s own file with types and enclosing functions', () => {
    expect(parseDwarfVariables(DUMP, '/work/src')).toEqual([
      { Name: 'total', Type: 'int', File: 'main.c', Line: 3, Function: null },
      { Name: 'p', Type: 'double *', File: 'main.c', Line: 5, Function: 'main' },
      { Name: 'x', Type: 'double', File: 'main.c', Line: 7, Function: 'main' },
    ]);
  });

  it('gives nothing for text without debug information', () => {
    expect(parseDwarfVariables('', '/work/src')).toEqual([]);
  });
});
