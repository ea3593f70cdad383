// The server's HTTP API (docs/gui.md). Requests carry the token's cookie, which the first
// page load set; a refused request throws with the server's message.

async function reply(response) {
  const text = await response.text();
  let body;
  try { body = JSON.parse(text); } catch { body = { error: text }; }
  if (!response.ok) throw new Error(body.error || response.statusText);
  return body;
}

export async function get(path) {
  return reply(await fetch(path));
}

export async function post(path, body = {}) {
  return reply(await fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  }));
}
