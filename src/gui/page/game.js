// The game the page keeps: its rule set, start position, moves and the move shown. The
// server keeps none of it and answers questions about it (api.js).

export class GameState {
  constructor(variant, start = null) {
    this.variant = variant;   // the rule set's name
    this.start = start;       // the start FEN, or null for the rule set's start position
    this.moves = [];          // move texts as the server writes them
    this.comments = [];       // a comment after each move, or null
    this.marks = [];          // 'mistake', 'blunder' or null for each move, once analysed
    this.index = 0;           // moves shown: the position after moves[0..index]
  }

  // The request for the position shown.
  shown() {
    return { variant: this.variant, fen: this.start, moves: this.moves.slice(0, this.index) };
  }

  // The request for the whole game.
  whole() {
    return { variant: this.variant, fen: this.start, moves: this.moves };
  }

  atEnd() {
    return this.index === this.moves.length;
  }

  // Plays `text` after the position shown: later moves, if any, are dropped.
  play(text) {
    this.moves = this.moves.slice(0, this.index);
    this.comments = this.comments.slice(0, this.index);
    this.marks = this.marks.slice(0, this.index);
    this.moves.push(text);
    this.comments.push(null);
    this.index = this.moves.length;
  }

  // Takes back the last move.
  undo() {
    this.moves.pop();
    this.comments.pop();
    this.marks.pop();
    this.index = Math.min(this.index, this.moves.length);
  }

  go(index) {
    this.index = Math.max(0, Math.min(index, this.moves.length));
  }
}
