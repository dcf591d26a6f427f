/** The refusal of a judgement a newer one replaced before it was asked: not a failure. */
export class Superseded extends Error {
  constructor() {
    super('A newer judgement took its place');
    this.name = 'Superseded';
  }
}
