/* The site's offline copy: a service worker at the site's root, registered by every page
   (assets/javascripts/offline.js), so it also serves the rules engine's worker and
   Pyodide's files (a worker is controlled by the registration whose scope holds its
   address, a blob: worker by its page's).

   One cache per build: the build writes its own digest into BUILD below, so a new build is
   a new worker (browsers compare the script's bytes), which keeps its files in a new cache
   and deletes the caches of earlier builds when it takes over.

   - Versioned files (a ?v= hash in the address, or Material's hashed bundles) never change:
     cache first.
   - Everything else (pages, data, the search index, engine/bundle.json): the network
     first, so a new build shows at once when online; the cache when offline; and for a
     page never visited, the offline page.
   - Pages tell the worker what they loaded before it took over ("keep"), and calculators
     the engine's files once the engine is ready, so one visit is enough.

   Encodings: `rulepress serve` (and static hosts) send large files compressed
   (Content-Encoding: br or gzip); fetch() hands the worker the inflated bytes. They are
   kept without the Content-Encoding and Content-Length headers, which described the
   compressed bytes, so a response from the cache is never inflated twice or cut short. */
var BUILD = "dev";  // replaced by the build (website/offline.py)
var PREFIX = "rulepress-site-";
var CACHE = PREFIX + BUILD;
var OFFLINE_PAGE = "offline/";
var PRECACHE = [OFFLINE_PAGE, "search/search_index.json"];
var VERSIONED = /[?&]v=[0-9a-f]{6,}|\/assets\/(javascripts|stylesheets)\/[^/]*\.[0-9a-f]{8}\.min\.(js|css)$/;

function root() { return self.registration.scope; }

function plain(response) {
  /* A copy of `response` without the headers of its compressed form. */
  var headers = new Headers(response.headers);
  headers.delete("Content-Encoding");
  headers.delete("Content-Length");
  headers.delete("Vary");  // Accept-Encoding: the kept bytes are the same for every request
  return response.blob().then(function (body) {
    return new Response(body, {status: response.status, statusText: response.statusText,
                               headers: headers});
  });
}

function keep(cache, request, response) {
  if (!response || !response.ok || response.type !== "basic") return Promise.resolve();
  return plain(response).then(function (copy) { return cache.put(request, copy); });
}

function fetchAndKeep(request) {
  return fetch(request).then(function (response) {
    if (response.ok && response.type === "basic") {
      var copy = response.clone();
      caches.open(CACHE).then(function (cache) { return keep(cache, request, copy); });
    }
    return response;
  });
}

function fromCache(request) {
  /* This build's cache first, then any of the site's (the applet keeps its own);
     a calculator's address with inputs finds its page without them. */
  return caches.open(CACHE).then(function (cache) {
    return cache.match(request).then(function (hit) {
      return hit || cache.match(request, {ignoreSearch: true});
    });
  }).then(function (hit) {
    return hit || caches.match(request, {ignoreSearch: true});
  });
}

self.addEventListener("install", function (event) {
  self.skipWaiting();
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return Promise.all(PRECACHE.map(function (path) {
      var url = new URL(path, root()).href;
      return fetch(url).then(function (response) { return keep(cache, url, response); })
        .catch(function () {});  // kept later, when a page loads it
    }));
  }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return (name.indexOf(PREFIX) === 0 && name !== CACHE) || name === "rulepress-offline";
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.type !== "keep" || !Array.isArray(data.urls)) return;
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return Promise.all(data.urls.map(function (address) {
      var url;
      try { url = new URL(address, root()); } catch (error) { return null; }
      if (url.origin !== self.location.origin || url.href.indexOf(root()) !== 0) return null;
      url.hash = "";
      return cache.match(url.href).then(function (hit) {
        if (hit) return null;
        // a versioned file the page (or its engine worker) just fetched is in the HTTP
        // cache: taken from there, never fetched twice
        var versioned = VERSIONED.test(url.pathname + url.search);
        return fetch(url.href, {cache: versioned ? "force-cache" : "no-cache"})
          .then(function (response) { return keep(cache, url.href, response); })
          .catch(function () {});
      });
    }));
  }).then(function () {
    if (event.source) event.source.postMessage({type: "kept", id: data.id});
  }));
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin || request.url.indexOf(root()) !== 0) return;
  if (VERSIONED.test(url.pathname + url.search)) {
    event.respondWith(caches.match(request).then(function (hit) {
      return hit || fetchAndKeep(request);
    }));
    return;
  }
  // asked again of the server (a 304 when unchanged), never taken from the HTTP cache,
  // which may hold the previous build's copy
  var fresh = request;
  try {
    fresh = request.mode === "navigate"
      ? new Request(request.url, {cache: "no-cache", redirect: "manual",
                                  credentials: "same-origin"})
      : new Request(request, {cache: "no-cache"});
  } catch (error) {}  // a request that cannot be copied goes as it is
  event.respondWith(fetchAndKeep(fresh).catch(function () {
    return fromCache(request).then(function (hit) {
      if (hit) return hit;
      if (request.mode === "navigate") return caches.match(new URL(OFFLINE_PAGE, root()).href);
      return Response.error();
    }).then(function (hit) { return hit || Response.error(); });
  }));
});
