// The game the page keeps: its rule set, start position and move tree (tree.js), and the
// line and move shown. The server keeps none of it and answers questions about it (api.js).

import { MoveTree } from './tree.js';

export class GameState extends MoveTree {
  constructor(variant, start = null) {
    super();
    this.variant = variant;   // the rule set's name
    this.start = start;       // the start FEN, or null for the rule set's start position
  }

  // The request for the position shown.
  shown() {
    return { variant: this.variant, fen: this.start, moves: this.moves.slice(0, this.index) };
  }

  // The request for the whole line shown.
  whole() {
    return { variant: this.variant, fen: this.start, moves: this.moves };
  }
}
