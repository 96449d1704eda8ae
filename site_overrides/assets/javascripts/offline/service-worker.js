/* The site's offline copy: a service worker the build serves from the site's root as
   offline-sw.js (website/offline.py), registered by every page
   (offline/register.js), so it also serves the rules engine's worker and
   Pyodide's files (a worker is controlled by the registration whose scope holds its
   address, a blob: worker by its page's).

   One cache per build: the build writes its own digest into BUILD below, so a new build is
   a new worker (browsers compare the script's bytes), which keeps its files in a new cache
   and deletes the caches of earlier builds when it takes over.

   - Versioned files (a ?v= hash in the address, or Material's hashed bundles) never change:
     cache first. One is kept only when its body has the SHA-256 the build gave it (HASHES,
     written by the build: website/offline.py; else the request's own integrity value, else
     the ?v= hash's first digits): a file changed on the server, cut short on the way or
     left stale in the browser's HTTP cache is asked of the server once more, and served
     but never kept if it still does not match. A page whose engine refused a file it was
     given (it checks each against engine/bundle.json) tells the worker, which drops it.
   - Everything else (pages, data, the search index, engine/bundle.json): the network
     first, so a new build shows at once when online; the cache when offline; and for a
     page never visited, the offline page's words with status 503 (never a 200).
   - Pages tell the worker what they loaded before it took over ("keep"), and calculators
     the engine's files once the engine is ready, so one visit is enough.

   Encodings: `rulepress serve` (and static hosts) send large files compressed
   (Content-Encoding: br or gzip); fetch() hands the worker the inflated bytes. They are
   kept without the Content-Encoding and Content-Length headers, which described the
   compressed bytes, so a response from the cache is never inflated twice or cut short.

   A classic script (no imports): a module service worker runs in every major browser only
   since Firefox 147 (January 2026), and a browser that cannot start it has no offline copy. */
const BUILD = "dev"; // replaced by the build (website/offline.py)
// {address from the site's root: "sha256-<base64>"} of the versioned files: the build's
const HASHES = {};
const PREFIX = "rulepress-site-";
const CACHE = PREFIX + BUILD;
const OFFLINE_PAGE = "offline/";
const PRECACHE = [OFFLINE_PAGE, "search/search_index.json"];
const VERSIONED =
  /[?&]v=[0-9a-f]{6,}|\/assets\/(javascripts|stylesheets)\/[^/]*\.[0-9a-f]{8}\.min\.(js|css)$/;

function root() {
  return self.registration.scope;
}

function plain(response) {
  /* A copy of `response` without the headers of its compressed form. */
  const headers = new Headers(response.headers);
  headers.delete("Content-Encoding");
  headers.delete("Content-Length");
  headers.delete("Vary"); // Accept-Encoding: the kept bytes are the same for every request
  return response
    .blob()
    .then(
      (body) => new Response(body, { status: response.status, statusText: response.statusText, headers }),
    );
}

function unavailable(page) {
  /* The offline page as the answer to a page never opened: its words, but status 503, so
     nothing (a browser's history, a crawler, a test) takes it for the page asked for. */
  return page.blob().then(
    (body) =>
      new Response(body, {
        status: 503,
        statusText: "Offline: this page was never opened here",
        headers: { "Content-Type": page.headers.get("Content-Type") || "text/html; charset=utf-8" },
      }),
  );
}

function keep(cache, request, response) {
  if (!response || !response.ok || response.type !== "basic") return Promise.resolve();
  return plain(response).then((copy) => cache.put(request, copy));
}

function fetchAndKeep(request) {
  return fetch(request).then((response) => {
    if (response.ok && response.type === "basic") {
      const copy = response.clone();
      caches.open(CACHE).then((cache) => keep(cache, request, copy));
    }
    return response;
  });
}

// --- versioned files: kept only as the build made them ----------------------------------

const toHex = (bytes) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");

function fromBase64(text) {
  const raw = atob(text);
  return toHex(Uint8Array.from(raw, (c) => c.charCodeAt(0)));
}

/** The SHA-256 (hex, or the first digits of it) `url`'s body must have, or null when
 *  nothing says. The build's list first; a ?v= address from another build (a page loaded
 *  just before this worker took over) has its hash's first digits in its address. */
function expectedDigest(url, integrity) {
  const address = url.href.slice(root().length);
  const listed = HASHES[address] || HASHES[address.split("?")[0]];
  const sha = (value) => {
    const found = /(?:^|\s)sha256-([A-Za-z0-9+/=]+)/.exec(value || "");
    return found ? fromBase64(found[1]) : null;
  };
  const version = /[?&]v=([0-9a-f]{6,})/.exec(url.search);
  const full = sha(listed) || sha(integrity);
  if (full && (!version || full.startsWith(version[1]))) return full;
  return version ? version[1] : null;
}

/** Whether `response`'s body has the expected SHA-256 (read from a copy). */
function matches(response, expected) {
  if (!expected || !response || !response.ok || response.type !== "basic") return Promise.resolve(false);
  return response
    .clone()
    .arrayBuffer()
    .then((body) => crypto.subtle.digest("SHA-256", body))
    .then((digest) => toHex(digest).startsWith(expected))
    .catch(() => false);
}

// Addresses a page reported its engine refused: asked of the server itself next time.
const refused = new Set();

/** A versioned file from the network, kept if (and only if) it is what the build made. A
 *  body that does not match is asked of the server once more, past the HTTP cache (a stale
 *  or cut copy there, or a proxy's); if that does not match either, it is served as it came
 *  (the engine checks its files and says what is wrong) and not kept. */
function fetchVersioned(request) {
  const url = new URL(request.url);
  url.hash = "";
  const expected = expectedDigest(url, request.integrity);
  const again = () => fetch(new Request(request, { cache: "reload" }));
  // (a request with an integrity value is refused by fetch() itself when the body differs)
  const first = refused.delete(url.href) ? again() : fetch(request).catch(() => again());
  const checked = (response) =>
    matches(response, expected).then((good) => {
      if (good) {
        const copy = response.clone(); // now: the page reads the body once it has it
        caches.open(CACHE).then((cache) => keep(cache, url.href, copy));
      }
      return good;
    });
  return first.then((response) =>
    checked(response).then((good) => {
      if (good || !expected || !response.ok) return response;
      return again().then(
        (second) => checked(second).then((fine) => (fine ? second : response)),
        () => response,
      );
    }),
  );
}

/** Keeps `url` (asked for by a page) unless it is versioned and not what the build made. */
function keepChecked(cache, url, response) {
  if (!VERSIONED.test(url.pathname + url.search)) return keep(cache, url.href, response);
  return matches(response, expectedDigest(url, "")).then((good) =>
    good ? keep(cache, url.href, response) : undefined,
  );
}

/** Drops `urls` (a page's engine refused them) from every cache of the site. */
function drop(urls) {
  const paths = new Set();
  for (const address of urls) {
    try {
      const url = new URL(address, root());
      if (url.origin !== self.location.origin) continue;
      url.hash = "";
      refused.add(url.href);
      paths.add(url.pathname);
    } catch (error) {
      // not an address
    }
  }
  return caches
    .keys()
    .then((names) =>
      Promise.all(
        names
          .filter((name) => name.indexOf(PREFIX) === 0)
          .map((name) =>
            caches
              .open(name)
              .then((cache) =>
                cache
                  .keys()
                  .then((requests) =>
                    Promise.all(
                      requests
                        .filter((kept) => paths.has(new URL(kept.url).pathname))
                        .map((kept) => cache.delete(kept)),
                    ),
                  ),
              ),
          ),
      ),
    );
}

function fromCache(request) {
  /* This build's cache first, then any of the site's (the applet keeps its own);
     a calculator's address with inputs finds its page without them. */
  return caches
    .open(CACHE)
    .then((cache) => cache.match(request).then((hit) => hit || cache.match(request, { ignoreSearch: true })))
    .then((hit) => hit || caches.match(request, { ignoreSearch: true }));
}

self.addEventListener("install", (event) => {
  self.skipWaiting();
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      Promise.all(
        PRECACHE.map((path) => {
          const url = new URL(path, root()).href;
          return fetch(url)
            .then((response) => keep(cache, url, response))
            .catch(() => {}); // kept later, when a page loads it
        }),
      ),
    ),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => (name.indexOf(PREFIX) === 0 && name !== CACHE) || name === "rulepress-offline")
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "drop" && Array.isArray(data.urls)) {
    event.waitUntil(
      drop(data.urls).then(() => {
        if (event.source) event.source.postMessage({ type: "dropped", id: data.id });
      }),
    );
    return;
  }
  if (data.type !== "keep" || !Array.isArray(data.urls)) return;
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) =>
        Promise.all(
          data.urls.map((address) => {
            let url;
            try {
              url = new URL(address, root());
            } catch (error) {
              return null;
            }
            if (url.origin !== self.location.origin || url.href.indexOf(root()) !== 0) return null;
            url.hash = "";
            return cache.match(url.href).then((hit) => {
              if (hit) return null;
              // a versioned file the page (or its engine worker) just fetched is in the HTTP
              // cache: taken from there, never fetched twice
              const versioned = VERSIONED.test(url.pathname + url.search);
              const mode = !versioned ? "no-cache" : refused.delete(url.href) ? "reload" : "force-cache";
              return fetch(url.href, { cache: mode })
                .then((response) =>
                  mode === "force-cache"
                    ? matches(response, expectedDigest(url, "")).then((good) =>
                        // the HTTP cache's copy is not the build's: the server's may be
                        good ? response : fetch(url.href, { cache: "reload" }),
                      )
                    : response,
                )
                .then((response) => keepChecked(cache, url, response))
                .catch(() => {});
            });
          }),
        ),
      )
      .then(() => {
        if (event.source) event.source.postMessage({ type: "kept", id: data.id });
      }),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || request.url.indexOf(root()) !== 0) return;
  if (VERSIONED.test(url.pathname + url.search)) {
    event.respondWith(caches.match(request).then((hit) => hit || fetchVersioned(request)));
    return;
  }
  // asked again of the server (a 304 when unchanged), never taken from the HTTP cache,
  // which may hold the previous build's copy
  let fresh = request;
  try {
    fresh =
      request.mode === "navigate"
        ? new Request(request.url, { cache: "no-cache", redirect: "manual", credentials: "same-origin" })
        : new Request(request, { cache: "no-cache" });
  } catch {
    // a request that cannot be copied goes as it is
  }
  event.respondWith(
    fetchAndKeep(fresh).catch(() =>
      fromCache(request)
        .then((hit) => {
          if (hit) return hit;
          if (request.mode === "navigate") {
            return caches.match(new URL(OFFLINE_PAGE, root()).href).then((page) => page && unavailable(page));
          }
          return Response.error();
        })
        .then((hit) => hit || Response.error()),
    ),
  );
});
