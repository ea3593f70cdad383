// The position editor: pieces placed and removed square by square, and the side to
// move; the result is a FEN, which the server checks when play starts from it.

export class Editor {
  constructor() {
    this.pieces = new Map();   // square name -> { color, king }
    this.side = 'white';
  }

  // Starts from the pieces of a position (as /api/position lists them).
  load(pieces, side) {
    this.pieces = new Map(pieces.map((piece) => [piece.square, { color: piece.color, king: piece.king }]));
    this.side = side;
  }

  clear() {
    this.pieces.clear();
  }

  // Puts `kind` ('white-man', 'black-king', ..., or 'empty') on `square`; the same piece
  // again takes it off.
  place(square, kind) {
    const old = this.pieces.get(square);
    if (kind === 'empty') {
      this.pieces.delete(square);
      return;
    }
    const [color, role] = kind.split('-');
    const piece = { color, king: role === 'king' };
    if (old && old.color === piece.color && old.king === piece.king) this.pieces.delete(square);
    else this.pieces.set(square, piece);
  }

  // The pieces, as the board draws them.
  list() {
    return [...this.pieces].map(([square, piece]) => ({ square, ...piece }));
  }

  // The position as a PDN FEN, e.g. `W:W21,K30:B1,2`.
  fen() {
    const section = (color) => [...this.pieces]
      .filter(([, piece]) => piece.color === color)
      .map(([square, piece]) => (piece.king ? 'K' : '') + square)
      .join(',');
    return `${this.side === 'white' ? 'W' : 'B'}:W${section('white')}:B${section('black')}`;
  }
}
