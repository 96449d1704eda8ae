// Keeps the site for offline use (offline-sw.js, the service worker at the site's root).
// Registered once the page has loaded, so it never delays the first paint. The worker only
// sees requests made after it took over, so the page tells it what it loaded before that
// (and anything it loads later, such as the search index), and a calculator page tells it
// the engine's files once the engine is ready: one visit is enough to work offline.
(function () {
  "use strict";
  if (!("serviceWorker" in navigator) || !window.caches) return;
  var script = document.currentScript.src;
  var root = new URL("../../", script).href;  // this file is assets/javascripts/offline.js
  var sent = {};
  var waiting = [];
  var nextId = 1;

  function ours(url) { return url.indexOf(root) === 0; }

  function send(urls, done) {
    var fresh = urls.filter(function (url) {
      url = url.split("#")[0];
      if (!ours(url) || sent[url]) return false;
      sent[url] = true;
      return true;
    });
    navigator.serviceWorker.ready.then(function (registration) {
      var worker = registration.active;
      if (!worker) return;
      var id = nextId++;
      if (done) waiting.push([id, done]);
      worker.postMessage({type: "keep", id: id, urls: fresh});
    });
  }

  navigator.serviceWorker.addEventListener("message", function (event) {
    var data = event.data || {};
    if (data.type !== "kept") return;
    waiting = waiting.filter(function (pair) {
      if (pair[0] !== data.id) return true;
      pair[1]();
      return false;
    });
  });

  function loaded() {
    return [location.href].concat(performance.getEntriesByType("resource")
      .map(function (entry) { return entry.name; }));
  }

  function keepEngine(files) {  // what the worker fetched (packed copies, not their sources)
    return new Promise(function (done) { send(files, done); });
  }

  function start() {
    navigator.serviceWorker.register(new URL("offline-sw.js", root).href, {scope: root})
      .then(function () {
        send(loaded(), function () { document.documentElement.dataset.offline = "kept"; });
        if ("PerformanceObserver" in window) {
          new PerformanceObserver(function (list) {
            send(list.getEntries().map(function (entry) { return entry.name; }));
          }).observe({type: "resource"});
        }
        var engine = window.rulepressEngine;
        if (engine) {
          var off = engine.onState(function (state) {
            if (state.status !== "ready") return;
            setTimeout(function () { off(); });
            keepEngine(state.files).then(function () {
              document.documentElement.dataset.offlineEngine = "kept";
            }).catch(function () {});
          });
        }
      }).catch(function () {});  // no offline copy (a private window, file://): the site works
  }

  // A page whose engine is starting (a calculator opened from a link with inputs) registers
  // once the engine is ready: the worker's first fetches would share the two cores with the
  // engine's start and hold the first answer back by about a quarter of a second.
  function afterEngine() {
    var engine = window.rulepressEngine;
    if (!engine || engine.state.status !== "starting") return start();
    var off = engine.onState(function (state) {
      if (state.status === "starting" || !off) return;
      var stop = off;
      off = null;
      setTimeout(function () { stop(); });
      start();
    });
  }

  if (document.readyState === "complete") afterEngine();
  else window.addEventListener("load", afterEngine);
})();
