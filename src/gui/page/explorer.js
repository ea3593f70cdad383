// The explorer beside the board: for the position shown, the opening book's moves and
// values, the collection's moves with how often each was played and how those games
// ended, and each legal move's result from the endgame databases (/api/explorer). A
// click on a move plays it.

import { post } from './api.js';

const $ = (id) => document.getElementById(id);

export class Explorer {
  // `onMove(text)` plays a move of the position shown.
  constructor({ onMove }) {
    this.onMove = onMove;
    this.request = 0;  // the number of the latest request: older replies are dropped
  }

  async show(game) {
    if (!$('explorer').open) return;
    const number = ++this.request;
    const reply = await post('/api/explorer', game);
    if (number !== this.request) return;
    this.part('explorer-book', reply.book, (line) => [line.text, line.value]);
    this.part('explorer-games', reply.games, (line) => [line.text, String(line.games), percentages(line)]);
    this.part('explorer-egdb', reply.egdb, (line) => [line.text, line.result]);
    $('explorer-egdb-in-use').textContent = `in use: ${reply.egdb_in_use}`;
    $('explorer').dataset.shown = game.moves.join(' ');
  }

  // Fills the table `id` with a row of cells for each line of `part`, or says why it
  // has none.
  part(id, part, cells) {
    const table = $(id);
    table.replaceChildren();
    if (part.none) {
      const row = table.insertRow();
      row.className = 'none';
      row.insertCell().textContent = part.none;
      return;
    }
    for (const line of part.moves) {
      const row = table.insertRow();
      row.className = 'line';
      for (const [key, value] of Object.entries(line)) row.dataset[key] = String(value);
      for (const text of cells(line)) row.insertCell().textContent = text;
      row.addEventListener('click', () => this.onMove(line.text));
    }
  }
}

// How the games that played a move ended, in per cent: White's wins, draws, Black's.
function percentages(line) {
  const share = (count) => `${Math.round((100 * count) / line.games)}%`;
  return `White ${share(line.white)} / draw ${share(line.draws)} / Black ${share(line.black)}`;
}
