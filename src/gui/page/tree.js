// The game's moves as a tree, as lidraughts keeps them: each position's first move is the
// line's continuation, the others are variations played instead of it. The page shows one
// line at a time, from the start to a leaf, and a place on it; playing a move that is not
// the next one of the line starts a variation instead of cutting the game.

export const GLYPHS = ['!', '?', '!!', '??', '!?', '?!'];

// A move of the tree, with what the person wrote on it.
export class MoveNode {
  constructor(move, parent) {
    this.move = move;       // its text as the server writes it; null for the start
    this.parent = parent;   // the node before it; null for the start
    this.children = [];     // the moves after it: the line's continuation first
    this.comment = null;    // the comment after it (at the start: before the first move)
    this.glyph = null;      // one of GLYPHS, or null
    this.intro = null;      // the comment opening the variation this move starts
    this.analysis = null;   // the whole-game analysis's comment on it, or null
    this.mark = null;       // 'mistake' or 'blunder' once the game is analysed, or null
  }

  // The nodes from the first move to this one.
  path() {
    const path = [];
    for (let node = this; node.parent; node = node.parent) path.unshift(node);
    return path;
  }

  // This node's main continuation: its first child, its first child's, and so on.
  continuation() {
    const nodes = [];
    for (let node = this.children[0]; node; node = node.children[0]) nodes.push(node);
    return nodes;
  }

  // Whether this node is on the main line.
  onMainLine() {
    return this.path().every((node) => node.parent.children[0] === node);
  }

  child(move) {
    return this.children.find((node) => node.move === move);
  }
}

export class MoveTree {
  constructor() {
    this.root = new MoveNode(null, null);
    this.line = [];   // the line shown: nodes from the first move to a leaf
    this.index = 0;   // moves shown: the position after line[0..index]
  }

  // The node of the position shown (the root at the start).
  current() {
    return this.index ? this.line[this.index - 1] : this.root;
  }

  get moves() {
    return this.line.map((node) => node.move);
  }

  atEnd() {
    return this.index === this.line.length;
  }

  go(index) {
    this.index = Math.max(0, Math.min(index, this.line.length));
  }

  // Shows `node`, on the line that goes through it and on along its main continuation.
  select(node) {
    const path = node.path();
    this.line = [...path, ...node.continuation()];
    this.index = path.length;
  }

  // Plays `text` after the position shown: the line's next move if it is that one, a move
  // of the tree already there, or else a new move, which starts a variation when the
  // position already had a next move.
  play(text) {
    const at = this.current();
    let node = at.child(text);
    if (!node) {
      node = new MoveNode(text, at);
      at.children.push(node);
    }
    this.select(node);
  }

  // Adds the moves `texts`, played from `from` (the position shown unless given), as a
  // line of the tree (moves already there are followed, not doubled). The position shown
  // does not change; the line shown goes on along the moves added if it ended where they
  // start.
  addLine(texts, from = this.current()) {
    let at = from;
    for (const text of texts) {
      let node = at.child(text);
      if (!node) {
        node = new MoveNode(text, at);
        at.children.push(node);
      }
      at = node;
    }
    const last = this.line[this.line.length - 1] || this.root;
    this.line.push(...last.continuation());
  }

  // Takes back the line's last move, removing it from the tree.
  undo() {
    const last = this.line.pop();
    if (!last) return;
    last.parent.children.splice(last.parent.children.indexOf(last), 1);
    this.index = Math.min(this.index, this.line.length);
  }

  // Removes `node` and every move after it; if the line shown went through it, its
  // parent is shown.
  remove(node) {
    const siblings = node.parent.children;
    siblings.splice(siblings.indexOf(node), 1);
    if (this.line.includes(node)) this.select(node.parent);
  }

  // Makes the variation holding `node` the continuation one level up: the nearest move
  // at or before it that is not its position's first becomes the first.
  promote(node) {
    const fork = node.path().reverse().find((each) => each.parent.children[0] !== each);
    if (fork) moveToFront(fork);
  }

  // Makes the line through `node` the main line.
  makeMainLine(node) {
    for (const each of node.path()) moveToFront(each);
  }

  // Steps to the move `step` places after (or before, if negative) the one shown among
  // the moves played instead of it; false if there is none.
  stepSibling(step) {
    const node = this.current();
    if (!node.parent) return false;
    const siblings = node.parent.children;
    const next = siblings[siblings.indexOf(node) + step];
    if (!next) return false;
    this.select(next);
    return true;
  }

  // Sets the comments and the marks of an analysis of the line shown (one of each a
  // move), beside the comments the person wrote or loaded.
  annotate(comments, marks) {
    if (comments.length !== this.line.length) return false;
    this.line.forEach((node, index) => {
      node.analysis = comments[index];
      node.mark = marks[index];
    });
    return true;
  }

  // Loads the tree `line` as docs/gui.md writes it ({comment, moves: [{move, glyph,
  // comment, variations: [line, ...]}, ...]}), and shows its main line from the start.
  load(line) {
    this.root = new MoveNode(null, null);
    this.root.comment = line.comment || null;
    attach(this.root, line.moves);
    this.select(this.root);
  }

  // The tree as docs/gui.md writes it, from the start; a move's comment is the person's
  // followed by the analysis's.
  toLine() {
    const first = this.root.children[0];
    return { comment: joined(this.root.comment, first && first.intro), moves: lineFrom(first) };
  }
}

function moveToFront(node) {
  const siblings = node.parent.children;
  siblings.splice(siblings.indexOf(node), 1);
  siblings.unshift(node);
}

// Adds `moves` (a line's) one after another from `parent`, each move's variations beside it.
function attach(parent, moves) {
  let at = parent;
  for (const move of moves) {
    const node = new MoveNode(move.move, at);
    node.comment = move.comment || null;
    node.glyph = move.glyph || null;
    at.children.push(node);
    for (const variation of move.variations || []) {
      const before = at.children.length;
      attach(at, variation.moves);
      if (at.children.length > before) at.children[before].intro = variation.comment || null;
    }
    at = node;
  }
}

// The moves from `first` along its main continuation, each with the variations played
// instead of it. A comment opening a variation that became a continuation (by a
// promotion) goes to the end of the comment before it.
function lineFrom(first) {
  const moves = [];
  for (let node = first; node; node = node.children[0]) {
    const [, ...variations] = node.parent.children;
    if (node !== first && node.intro) {
      const before = moves[moves.length - 1];
      before.comment = joined(before.comment, node.intro);
    }
    moves.push({
      move: node.move,
      glyph: node.glyph,
      comment: joined(node.comment, node.analysis),
      variations: node.parent.children[0] === node
        ? variations.map((variation) => ({ comment: variation.intro, moves: lineFrom(variation) }))
        : [],
    });
  }
  return moves;
}

// Comments one after the other; null if none.
export function joined(...comments) {
  return comments.filter(Boolean).join(' ') || null;
}
