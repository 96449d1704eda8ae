// The engine worker's first script. client.js starts it by its address the moment the engine
// is wanted, so the worker's downloads begin while the page is still being parsed (waiting for
// the page's busy main thread to check and start the worker cost about 0.4 s on a 2-core
// machine). It reads the listing (engine/bundle.json, always asked of the server) and runs
// worker.mjs from bytes checked against the listing's SHA-256, as worker.mjs checks every file
// it loads. It is trusted as it is, like client.js and the page's other scripts.
// Messages: as worker.mjs's; a question that arrives before worker.mjs listens waits here.
const early = [];
self.onmessage = (event) => early.push(event);

const root = new URL(JSON.parse(self.name).root);
const fetched = [import.meta.url];
const refused = []; // addresses whose bytes did not match the listing (as worker.mjs's)

async function checked(url, integrity) {
  let response;
  try {
    response = await fetch(url, integrity ? { integrity } : { cache: "no-cache" });
  } catch (error) {
    // the browser says only "Failed to fetch", also for a wrong hash
    const plain = await fetch(url).catch(() => null);
    const name = url.href.slice(root.href.length).split("?")[0];
    if (plain && plain.ok && integrity) refused.push(url.href);
    throw new Error(
      plain && plain.ok && integrity
        ? `${name} does not match its SHA-256 in engine/bundle.json (changed after the ` + "build?): refused"
        : `${name} could not be loaded (${error.message})`,
      { cause: error },
    );
  }
  if (!response.ok) throw new Error(`${url.href}: HTTP ${response.status}`);
  fetched.push(url.href);
  return response;
}

try {
  const bundle = await (await checked(new URL("engine/bundle.json", root))).json();
  const source = await (
    await checked(new URL(bundle.worker.url, root), bundle.worker.integrity)
  ).arrayBuffer();
  self.rulepressBoot = { bundle, fetched }; // worker.mjs reads the listing from here
  const blob = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
  try {
    await import(blob); // sets self.onmessage
  } finally {
    URL.revokeObjectURL(blob);
  }
  early.forEach((event) => self.onmessage(event));
} catch (error) {
  const message = `The engine could not start: ${error.message || error}`;
  self.onmessage = ({ data: { id } }) =>
    self.postMessage({ id, response: { ok: false, error: { message, field: null } } });
  early.forEach((event) => self.onmessage(event));
  self.postMessage({ type: "failed", error: String(error.message || error), refused });
}
