// The collection: a PDN file of many games held by the server (opened from a file the
// person picks, or named on the command line), listed a page of rows at a time, sorted
// by a column and filtered by tag text; a click loads a game on the board. The position
// search lists the games reaching the position shown; a click loads one at that ply.

import { post } from './api.js';
import { readFile, download } from './pdn.js';

const $ = (id) => document.getElementById(id);

const ROWS = 50;
const COLUMNS = ['number', 'white', 'black', 'event', 'date', 'result', 'variant', 'plies'];

export class Collection {
  // `hooks`: variant() the rule set shown, shown() the request for the position shown,
  // load(game, ply) puts a game (as /api/pdn/read replies) on the board, changed() after
  // another collection is opened, say(text) shows a message.
  constructor(hooks) {
    this.hooks = hooks;
    this.query = { filter: '', sort: 'number', descending: false, offset: 0 };
    this.reply = null;   // the last list reply, or null with no collection open
    this.request = 0;    // the number of the latest list request
  }

  bind(attempt) {
    const on = (id, event, work) => $(id).addEventListener(event, () => attempt(work));
    on('collection-file', 'change', () => this.openPicked());
    on('collection-filter', 'input', () => this.refilter());
    on('collection-prev', 'click', () => this.page(-ROWS));
    on('collection-next', 'click', () => this.page(ROWS));
    on('collection-save', 'click', () => this.save());
    on('search-position', 'click', () => this.search());
    for (const header of document.querySelectorAll('#collection-table th[data-sort]')) {
      header.addEventListener('click', () => attempt(() => this.sortBy(header.dataset.sort)));
    }
  }

  // Shows the collection the server holds, if any (one named on the command line).
  async start() {
    await this.list();
  }

  async openPicked() {
    const file = $('collection-file').files[0];
    if (!file) return;
    const text = await readFile(file);
    $('collection-file').value = '';
    await post('/api/collection/open', { variant: this.hooks.variant(), name: file.name, text });
    this.query.offset = 0;
    $('search-results').replaceChildren();
    await this.list();
    this.hooks.changed();
  }

  async refilter() {
    this.query.filter = $('collection-filter').value;
    this.query.offset = 0;
    await this.list();
  }

  async sortBy(column) {
    if (!COLUMNS.includes(column)) return;
    this.query.descending = this.query.sort === column ? !this.query.descending : false;
    this.query.sort = column;
    this.query.offset = 0;
    await this.list();
  }

  async page(step) {
    if (!this.reply) return;
    const offset = this.query.offset + step;
    if (offset < 0 || offset >= this.reply.matched) return;
    this.query.offset = offset;
    await this.list();
  }

  async list() {
    const number = ++this.request;
    const reply = await post('/api/collection/list', { ...this.query, limit: ROWS });
    if (number !== this.request) return;
    this.reply = reply;
    this.render();
  }

  render() {
    const reply = this.reply;
    $('collection-save').disabled = !reply;
    $('search-position').disabled = !reply;
    const body = $('collection-rows');
    body.replaceChildren();
    if (!reply) {
      $('collection-count').textContent = 'No collection open.';
      return;
    }
    document.getElementById('collection').dataset.total = String(reply.total);
    const last = reply.offset + reply.rows.length;
    $('collection-count').textContent = `${reply.name}: ${reply.matched === reply.total ? '' : `${reply.matched} of `}${reply.total} games` +
      (reply.rows.length ? `, ${reply.offset + 1} to ${last} shown` : '');
    for (const row of reply.rows) {
      const line = document.createElement('tr');
      line.dataset.number = String(row.number);
      for (const column of COLUMNS) {
        const cell = document.createElement('td');
        cell.textContent = String(row[column]);
        line.appendChild(cell);
      }
      line.addEventListener('click', () => this.open(row.number, 0));
      body.appendChild(line);
    }
    for (const header of document.querySelectorAll('#collection-table th[data-sort]')) {
      header.classList.toggle('sorted', header.dataset.sort === this.query.sort);
      header.classList.toggle('descending', header.dataset.sort === this.query.sort && this.query.descending);
    }
  }

  // Loads game `number` on the board at `ply`.
  async open(number, ply) {
    try {
      const game = await post('/api/collection/game', { number });
      await this.hooks.load(game, ply);
      this.hooks.say(`Game ${number} of the collection.`);
    } catch (error) {
      this.hooks.say(error.message);
    }
  }

  // Lists the games reaching the position shown (with the colours reversed too, when
  // asked), each with the move it played there and its result.
  async search() {
    const reversed = $('search-reversed').checked;
    const reply = await post('/api/collection/search', { ...this.hooks.shown(), reversed });
    const list = $('search-results');
    list.replaceChildren();
    list.dataset.total = String(reply.total);
    const caption = document.createElement('li');
    caption.className = 'caption';
    caption.textContent = reply.total === reply.matches.length
      ? `${reply.total} game${reply.total === 1 ? ' reaches' : 's reach'} this position`
      : `${reply.total} games reach this position; the first ${reply.matches.length} are listed`;
    list.appendChild(caption);
    for (const found of reply.matches) {
      const item = document.createElement('li');
      item.className = 'found';
      item.dataset.number = String(found.number);
      item.dataset.ply = String(found.ply);
      item.dataset.next = found.next || '';
      item.dataset.reversed = String(found.reversed);
      const next = found.next ? `then ${found.next}` : 'the game ends here';
      item.textContent = `#${found.number} ${found.white} - ${found.black}, after ${found.ply} half-moves: ${next}, ${found.result}` +
        (found.reversed ? ' (colours reversed)' : '');
      item.addEventListener('click', () => this.open(found.number, found.ply));
      list.appendChild(item);
    }
  }

  // Saves the collection: back to the file named on the command line once the person
  // confirms, else as a download.
  async save() {
    const reply = this.reply;
    if (!reply) return;
    if (reply.in_place && window.confirm(`Save the collection back to ${reply.name}, replacing it? (Cancel downloads a copy instead.)`)) {
      const saved = await post('/api/collection/save', { in_place: true });
      this.hooks.say(`Saved to ${saved.saved}.`);
      return;
    }
    const { pdn } = await post('/api/collection/save', {});
    download(pdn, reply.name);
  }
}
