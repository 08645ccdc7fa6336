import { UxkitError } from '../errors.js';

/** A plot option is missing its rules: wrong type, NaN, min >= max, an absurd size... */
export class PlotOptionsError extends UxkitError {
  /** The option's name as the API spells it (`xLimMin`, `width`...). */
  readonly option: string;

  constructor(option: string, message: string) {
    super('plot-options', `${option}: ${message}`);
    this.option = option;
  }
}
