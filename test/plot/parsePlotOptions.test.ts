import { describe, expect, it } from 'vitest';
import { UxkitError } from '../../src/errors.js';
import { parsePlotOptions, PlotOptionsError } from '../../src/plot/index.js';
import { resolvePlotOptions } from '../../src/plot/resolvePlotOptions.js';

describe('resolvePlotOptions', () => {
  it('resolvePlotOptions fills in 800x500 PNG at pixel ratio 2 and the default axis title', () => {
    expect(resolvePlotOptions({})).toEqual({
      format: 'png', width: 800, height: 500, pixelRatio: 2,
      xLimMin: undefined, xLimMax: undefined, yLimMin: undefined, yLimMax: undefined,
      xAxisLabel: 'Distribution Support', fullResolution: false,
    });
  });

  const bad: Array<[string, Record<string, unknown>]> = [
    ['xLimMin', { xLimMin: 2, xLimMax: 1 }],
    ['xLimMin', { xLimMin: 1, xLimMax: 1 }],
    ['yLimMin', { yLimMin: 0.5, yLimMax: 0.1 }],
    ['xLimMax', { xLimMax: NaN }],
    ['yLimMax', { yLimMax: Infinity }],
    ['xLimMin', { xLimMin: '1' }],
    ['width', { width: 0 }],
    ['width', { width: 100000 }],
    ['height', { height: 300.5 }],
    ['pixelRatio', { pixelRatio: 0 }],
    ['pixelRatio', { pixelRatio: 10 }],
    ['pixelRatio', { width: 8000, height: 8000, pixelRatio: 4 }],
    ['format', { format: 'gif' }],
    ['xAxisLabel', { xAxisLabel: 42 }],
    ['xAxisLabel', { xAxisLabel: 'a\u0000b' }],
    ['xAxisLabel', { xAxisLabel: 'x'.repeat(201) }],
    ['fullResolution', { fullResolution: 'yes' }],
    ['colour', { colour: 'red' }],
  ];
  for (const [option, opts] of bad) {
    it(`resolvePlotOptions rejects ${JSON.stringify(opts).slice(0, 60)} with a PlotOptionsError naming ${option}`, () => {
      let caught: unknown;
      try {
        resolvePlotOptions(opts);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(PlotOptionsError);
      expect(caught).toBeInstanceOf(UxkitError);
      expect((caught as PlotOptionsError).option).toBe(option);
      expect((caught as PlotOptionsError).code).toBe('plot-options');
      expect((caught as Error).message).toMatch(new RegExp(`^${option}: `));
    });
  }
});

describe('parsePlotOptions', () => {
  it('parsePlotOptions converts query-string values to typed options', () => {
    expect(parsePlotOptions({ xLimMin: '-1.5', xLimMax: '2e1', yLimMax: ' 0.5 ', fullResolution: 'true', xAxisLabel: 'Volts', width: '640', format: 'svg' }))
      .toEqual({ xLimMin: -1.5, xLimMax: 20, yLimMax: 0.5, fullResolution: true, xAxisLabel: 'Volts', width: 640, format: 'svg' });
    expect(parsePlotOptions({ fullResolution: 'false' })).toEqual({ fullResolution: false });
    expect(parsePlotOptions({ fullResolution: '1', yLimMin: 0 })).toEqual({ fullResolution: true, yLimMin: 0 });
  });

  it('parsePlotOptions treats empty strings as absent and ignores unknown keys', () => {
    expect(parsePlotOptions({ xLimMin: '', payload: 'xyz', fullResolution: '' })).toEqual({});
  });

  it('parsePlotOptions rejects non-numeric text, hex, repeated keys and bad booleans', () => {
    expect(() => parsePlotOptions({ xLimMin: 'abc' })).toThrow(PlotOptionsError);
    expect(() => parsePlotOptions({ xLimMin: '0x10' })).toThrow(/xLimMin: expected a number/);
    expect(() => parsePlotOptions({ xLimMin: 'NaN' })).toThrow(PlotOptionsError);
    expect(() => parsePlotOptions({ xLimMax: '1e400' })).toThrow(/finite/);
    expect(() => parsePlotOptions({ yLimMin: ['0', '1'] })).toThrow(/more than once/);
    expect(() => parsePlotOptions({ fullResolution: 'maybe' })).toThrow(/fullResolution: expected true or false/);
  });

  it('parsePlotOptions reports min >= max at parse time', () => {
    expect(() => parsePlotOptions({ xLimMin: '3', xLimMax: '3' })).toThrow(/xLimMin: must be below xLimMax/);
  });
});
