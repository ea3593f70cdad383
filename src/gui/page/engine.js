// The page's engine: a session on the server (one engine for this page), whose reports
// come as server-sent events. Closing the page closes the stream, and the server then
// stops the search and drops the engine.

import { post } from './api.js';

export class EngineSession {
  // `onInfo(info)` hears each line of the current search, `onDone(done)` its end.
  // `onProgress(progress)` and `onReview(review)` hear of the whole-game analysis.
  constructor({ onInfo, onDone, onProgress, onReview }) {
    this.onInfo = onInfo;
    this.onDone = onDone;
    this.onProgress = onProgress;
    this.onReview = onReview;
    this.review = 0;    // the number of the whole-game analysis whose events count
    this.search = 0;    // the number of the search whose events count
    this.mode = null;   // 'play' or 'analyse' while a search runs
  }

  // Opens the session and its event stream; resolves once the stream is open.
  async open() {
    const { session } = await post('/api/session');
    this.id = session;
    this.source = new EventSource(`/api/session/${session}/events`);
    await new Promise((resolve, reject) => {
      this.source.addEventListener('ready', resolve, { once: true });
      this.source.addEventListener('error', reject, { once: true });
    });
    this.source.addEventListener('info', (event) => {
      const info = JSON.parse(event.data);
      if (info.search === this.search) this.onInfo(info, this.mode);
    });
    for (const [name, handler] of [['progress', 'onProgress'], ['review', 'onReview']]) {
      this.source.addEventListener(name, (event) => {
        const data = JSON.parse(event.data);
        if (data.search === this.review) this[handler](data);
      });
    }
    this.source.addEventListener('done', (event) => {
      const done = JSON.parse(event.data);
      if (done.search !== this.search) return;
      const mode = this.mode;
      this.mode = null;
      this.onDone(done, mode);
    });
  }

  // Analyses every move of `game` (a game request), `movetime` seconds a position.
  async reviewGame(game, movetime) {
    this.review += 1;
    await post(`/api/session/${this.id}/review`, { ...game, movetime, search: this.review });
  }

  // Starts a search of `game` (a position request) for `mode`, with `settings`
  // (movetime or clock, multipv, strength); events of earlier searches are ignored.
  async go(game, mode, settings) {
    this.search += 1;
    this.mode = mode;
    await post(`/api/session/${this.id}/go`, { ...game, ...settings, mode, search: this.search });
  }

  // Stops the search; it still reports its end.
  async stop() {
    if (this.mode) await post(`/api/session/${this.id}/stop`);
  }

  // Forgets the running search: its events no longer count.
  async abandon() {
    this.search += 1;
    this.mode = null;
    await post(`/api/session/${this.id}/stop`);
  }
}
