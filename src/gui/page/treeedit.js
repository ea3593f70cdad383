// Editing the move tree (tree.js) at the move shown: its comment (at the start, the
// game's comment before the first move), its glyph, and its variation promoted, made the
// main line or deleted with every move after it.

import { GLYPHS } from './tree.js';

export class TreeEditor {
  // `elements`: the comment's textarea, the glyphs' box, and the promote, main-line and
  // delete buttons. `game()` gives the game (a MoveTree); `onEdit()` hears a change that
  // leaves the position shown, `onMove()` one that shows another (a deletion).
  constructor(elements, { game, onEdit, onMove }) {
    Object.assign(this, elements);
    this.game = game;
    this.onEdit = onEdit;
    this.onMove = onMove;
    this.node = null;   // the node whose comment the textarea holds
    this.makeGlyphButtons();
    this.comment.addEventListener('input', () => {
      this.node.comment = this.comment.value.trim() ? this.comment.value : null;
      this.onEdit();
    });
    this.promote.addEventListener('click', () => this.change((tree, node) => tree.promote(node)));
    this.main.addEventListener('click', () => this.change((tree, node) => tree.makeMainLine(node)));
    this.remove.addEventListener('click', () => {
      this.game().remove(this.game().current());
      this.onMove();
    });
  }

  makeGlyphButtons() {
    for (const glyph of GLYPHS) {
      const button = document.createElement('button');
      button.className = 'glyph-button';
      button.dataset.glyph = glyph;
      button.textContent = glyph;
      button.addEventListener('click', () => this.change((tree, node) => {
        node.glyph = node.glyph === glyph ? null : glyph;
      }));
      this.glyphs.appendChild(button);
    }
  }

  change(edit) {
    const tree = this.game();
    edit(tree, tree.current());
    this.onEdit();
  }

  // Shows the move shown's comment and glyph, and which edits apply to it. The comment
  // being typed is left alone.
  show() {
    const node = this.game().current();
    if (node !== this.node || document.activeElement !== this.comment) {
      this.node = node;
      this.comment.value = node.comment || '';
    }
    const start = !node.parent;
    this.comment.placeholder = start ? 'a comment before the first move' : `a comment on ${node.move}`;
    for (const button of this.glyphs.children) {
      button.disabled = start;
      button.setAttribute('aria-pressed', String(button.dataset.glyph === node.glyph));
    }
    const main = start || node.onMainLine();
    this.promote.disabled = main;
    this.main.disabled = main;
    this.remove.disabled = start;
  }
}
