/* The site's offline copy: a service worker at the site's root, so it also serves the
   rules engine's worker and Pyodide's files (a worker is controlled by the registration
   whose scope holds its address). Registered by the pages that must work offline (the
   Evil Robots applet, which also stores its own files in a cache, and table screen); the
   fallback looks in every cache of the site. Every same-origin GET tries the network first, so a new build
   shows at once when online, and falls back to the cache when offline. */
var CACHE = "rulepress-offline";

self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) { event.waitUntil(self.clients.claim()); });

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(fetch(request).then(function (response) {
    if (response.ok) {
      var copy = response.clone();
      caches.open(CACHE).then(function (cache) { cache.put(request, copy); });
    }
    return response;
  }).catch(function () {
    return caches.match(request, {ignoreSearch: true}).then(function (hit) {
      return hit || Response.error();
    });
  }));
});
